"""The scoreboard page costs the same number of queries for a small and a big game."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.scorekeeping import Actor, record_round
from games.starting import start_game
from players.models import Player

KEEPER = Actor(by="scorekeeper key")


def played(names: list[str], rounds: int):
    players = [Player.objects.create(name=n) for n in names]
    game = start_game(ruleset="mexican-train", variant=None, players=players).game
    for number in range(1, rounds + 1):
        scores = {str(p.pk): (number * 7 + i) % 40 for i, p in enumerate(players)}
        record_round(
            game=game,
            number=number,
            scores=scores,
            engine=13 - number,
            version=game.version,
            actor=KEEPER,
        )
    game.refresh_from_db()
    return game


def queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


@pytest.mark.parametrize("who", ["viewer", "staff keeper"])
def test_it_reads_two_players_one_round_and_eight_players_thirteen_rounds_alike(
    client, staff, who, django_assert_num_queries
):
    small = played(["Ann", "Bob"], rounds=1)
    big = played([f"Player {n}" for n in range(1, 9)], rounds=13)
    if who == "staff keeper":
        client.force_login(staff)
    client.get(f"/games/{small.code}/")  # the session exists from here on
    expected = queries(client, f"/games/{small.code}/?edit=1")

    with django_assert_num_queries(expected):
        page = client.get(f"/games/{big.code}/?edit=1")
    html = page.content.decode()
    assert "Player 8" in html
    assert html.count("<tr>") + html.count('<tr class="latest">') >= 14
    if who == "staff keeper":
        assert 'id="round-form"' in html and "Undo" in html
