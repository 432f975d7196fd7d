"""The record pages read the same number of queries for a short and a long history."""

from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Score
from ratings.updating import recompute
from records.stats import average
from seasons.models import Season
from tests.factories import bulk_games, play, register

PAGES = [
    "/players/",
    "/players/?ruleset=mexican-train&since=2020-01-01",
    "/players/?sort=-rating&season=all",
    "/games/",
    "/games/?season=all&ruleset=mexican-train",
]


@pytest.fixture(autouse=True)
def seasons(db):
    """A current season and an old one, so the season filter is part of every page."""
    Season.objects.create(name="Long ago", start="2001-01-01", end="2001-12-31")
    Season.objects.create(name="Now", start="2001-01-01", end="2999-12-31")


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("url", PAGES)
def test_it_reads_a_page_in_as_many_queries_with_500_games_as_with_10(
    client, db, django_assert_num_queries, url
):
    seated = register("Ann", "Bob", "Cy", "Dee")
    bulk_games(10, seated)
    recompute()
    few = queries_for(client, url)

    bulk_games(490, seated)
    recompute()
    with django_assert_num_queries(few):
        client.get(url)


def record_by_totals(player) -> tuple[int, int]:
    """The player's wins and counted games, worked out here from the scores alone (the
    lowest total wins at Mexican Train, the highest at Number 9)."""
    totals = defaultdict(dict)
    rows = Score.objects.filter(round__game__status="finished").values_list(
        "round__game", "round__game__ruleset", "player", "points"
    )
    for game, ruleset, who, points in rows:
        key = (game, ruleset)
        totals[key][who] = totals[key].get(who, 0) + points
    played = [(ruleset, t) for (_, ruleset), t in totals.items() if player.pk in t]
    best = [min(t.values()) if r != "number-9" else max(t.values()) for r, t in played]
    wins = sum(1 for (_, t), b in zip(played, best, strict=True) if t[player.pk] == b)
    return wins, len(played)


def test_it_reads_a_player_page_in_as_many_queries_with_500_games_as_with_10(
    client, db, django_assert_num_queries
):
    seated = register("Ann", "Bob", "Cy", "Dee")
    play("number-9", seated[:2], [[10, 5]])  # two rulesets: one row each
    play("mexican-train", seated[:2], [[0, 5]], end=False)  # and a live game
    bulk_games(10, seated)
    recompute()
    url = f"/players/{seated[0].pk}/"
    few = queries_for(client, url)

    bulk_games(490, seated)
    recompute()
    with django_assert_num_queries(few):
        page = client.get(url).content.decode()
    wins, games = record_by_totals(seated[0])
    assert games == 501
    assert f"{wins} Wins / {games} Games ({average(wins, games)})" in page
    assert "Rating after each game" in page
