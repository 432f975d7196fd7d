"""Seasons and rulesets narrow the roster, the games history and a player's page alike;
the current season is what they show first, and "All time" stays one choice away."""

from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from seasons.models import Season
from tests.factories import play, register
from tests.stats.tables import body_rows


def at(day: date) -> datetime:
    return timezone.make_aware(datetime(day.year, day.month, day.day, 20, 0))


@pytest.fixture
def club(db):
    """Last season Ann won twice at Mexican Train; this season Bob won once, and Ann
    won once at Number 9 Train."""
    today = timezone.localdate()
    now = Season.objects.create(name="This season", start=today - timedelta(days=30), end=today)
    then = Season.objects.create(
        name="Last season", start=today - timedelta(days=400), end=today - timedelta(days=31)
    )
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 5]], when=at(then.start + timedelta(days=1)))
    play("mexican-train", [ann, bob], [[0, 5]], when=at(then.end))
    play("mexican-train", [ann, bob], [[5, 0]], when=at(now.start))
    play("number-9", [ann, bob], [[30, 5]], when=at(today))
    return {"now": now, "then": then, "ann": ann, "bob": bob}


def roster(client, query: str = "") -> dict[str, tuple[str, str]]:
    rows = body_rows(client.get("/players/" + query).content.decode(), "roster")
    return {row[0]: (row[1], row[2]) for row in rows}


def history(client, query: str = "") -> list[str]:
    rows = body_rows(client.get("/games/" + query).content.decode(), "history")
    return [row[1].split(" (")[0] for row in rows]  # the game, without its variant


def test_the_roster_shows_the_current_season_first(client, club):
    assert roster(client) == {"Ann": ("2", "1"), "Bob": ("2", "1")}
    page = client.get("/players/").content.decode()
    assert "every game of This season" in page
    assert f'<option value="{club["now"].pk}" selected>' in page


def test_the_roster_filters_by_any_season_all_time_and_ruleset(client, club):
    assert roster(client, f"?season={club['then'].pk}") == {"Ann": ("2", "2"), "Bob": ("2", "0")}
    assert roster(client, "?season=all") == {"Ann": ("4", "3"), "Bob": ("4", "1")}
    assert roster(client, "?season=all&ruleset=mexican-train") == {
        "Ann": ("3", "2"),
        "Bob": ("3", "1"),
    }
    assert roster(client, "?ruleset=number-9") == {"Ann": ("1", "1"), "Bob": ("1", "0")}


def test_the_history_filters_by_season_and_ruleset(client, club):
    assert history(client) == ["Number 9 Train", "Mexican Train"]
    assert history(client, f"?season={club['then'].pk}") == ["Mexican Train"] * 2
    assert len(history(client, "?season=all")) == 4
    assert history(client, "?season=all&ruleset=number-9") == ["Number 9 Train"]


def test_the_player_page_filters_by_season_and_ruleset(client, club):
    url = f"/players/{club['ann'].pk}/"

    assert (
        "2 Wins / 2 Games (1.000)" in client.get(f"{url}?season={club['then'].pk}").content.decode()
    )
    assert "1 Win / 2 Games (0.500)" in client.get(url).content.decode()
    assert "3 Wins / 4 Games (0.750)" in client.get(f"{url}?season=all").content.decode()
    page = client.get(f"{url}?season=all&ruleset=mexican-train").content.decode()
    assert "2 Wins / 3 Games (0.667)" in page
    assert "Counting Mexican Train games, all time." in page


def test_an_unknown_season_is_named_and_all_time_is_shown(client, club):
    response = client.get("/players/?season=999")

    assert response.status_code == 200
    assert "That season is not on the list; pick one from it." in response.content.decode()
    assert roster(client, "?season=999") == {"Ann": ("4", "3"), "Bob": ("4", "1")}


def test_without_a_current_season_every_page_counts_all_time(client, club):
    Season.objects.filter(pk=club["now"].pk).delete()

    assert roster(client) == {"Ann": ("4", "3"), "Bob": ("4", "1")}
    assert len(history(client)) == 4


def test_every_game_a_player_played_is_all_time_even_in_a_season(client, club):
    page = client.get(f"/players/{club['ann'].pk}/").content.decode()
    link = f"/games/?player={club['ann'].pk}&amp;season=all"

    assert link in page
    assert len(history(client, link.replace("/games/", "").replace("&amp;", "&"))) == 4
