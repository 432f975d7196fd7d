"""The snapshot costs the same few queries for a short game and a long one."""

import pytest

from games.models import Round
from games.scorekeeping import Actor, record_round
from games.snapshot import load_boards
from games.starting import start_game
from players.models import Player

SNAPSHOT_QUERIES = 3
"""The game, its seats with their players, and its rounds with their scores."""


@pytest.fixture(params=[(2, 1), (8, 13)], ids=["2-1", "8-13"])
def played(request, db):
    """A game of `players` players with `rounds` rounds saved: a short one, then a long one."""
    players, rounds = request.param
    seated = [Player.objects.create(name=f"Player {i}") for i in range(1, players + 1)]
    game = start_game(ruleset="mexican-train", variant=None, players=seated).game
    for number in range(1, rounds + 1):
        record_round(
            game=game,
            number=number,
            scores={str(p.id): (number * p.id) % 40 for p in seated},
            engine=13 - number,
            version=number,
            actor=Actor(by="test"),
        )
    return game, players, rounds


def test_it_reads_any_game_in_the_same_number_of_queries(client, django_assert_num_queries, played):
    game, players, rounds = played
    with django_assert_num_queries(SNAPSHOT_QUERIES):
        response = client.get(f"/api/games/{game.code}")
    snap = response.json()
    assert (len(snap["players"]), len(snap["rounds"])) == (players, rounds)
    assert all(len(r["scores"]) == players for r in snap["rounds"])


def test_it_exports_any_game_in_the_same_number_of_queries(
    client, django_assert_num_queries, played
):
    game, players, rounds = played
    with django_assert_num_queries(SNAPSHOT_QUERIES):
        response = client.get(f"/games/{game.code}/export.csv")
    lines = response.content.decode().splitlines()
    assert len(lines) == 1 + rounds + 1


def test_several_games_read_together_keep_each_ones_rounds_in_order(db, played):
    """The rounds come with their scores in one query for every game at once; each board
    gets its own, in order, and a round with no score (no save leaves one) still shows."""
    game, players, rounds = played
    other = start_game(
        ruleset="mexican-train", variant=None, players=list(Player.objects.all()[:2])
    ).game
    Round.objects.create(game=other, number=1, engine=12)

    big, small = load_boards([game, other])

    assert [r.number for r in big.rounds] == list(range(1, rounds + 1))
    assert all(len(big.scores[n]) == players for n in big.scores)
    assert [(r.number, r.engine) for r in small.rounds] == [(1, 12)]
    assert small.scores == {1: {}}
