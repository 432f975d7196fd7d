"""The save service: a round lands whole or not at all, and every change bumps the version."""

import pytest

from core.rejections import Conflict, Rejected
from games.models import Change
from games.scorekeeping import Actor, end_game, record_round, redo, undo
from games.snapshot import load_board, snapshot
from tests.factories import make_game, points

KEEPER = Actor(by="scorekeeper key")


@pytest.fixture
def game(db):
    return make_game(ruleset="oll", variant="even").game


def ids(game):
    return [s.player_id for s in game.seats.all()]


def test_it_saves_a_round_and_totals_it(game):
    record_round(
        game=game, number=1, scores=points(game, 0, 12, 30), engine=12, version=1, actor=KEEPER
    )
    snap = snapshot(load_board(game))
    assert snap["version"] == 2
    assert [p["total"] for p in snap["players"]] == [0, 12, 30]
    assert [p["place"] for p in snap["players"]] == [1, 2, 3]
    assert snap["rounds"] == [{"number": 1, "engine": 12, "scores": points(game, 0, 12, 30)}]


def test_it_refuses_a_stale_version_and_writes_nothing(game):
    record_round(
        game=game, number=1, scores=points(game, 0, 12, 30), engine=12, version=1, actor=KEEPER
    )
    with pytest.raises(Conflict):
        record_round(
            game=game, number=1, scores=points(game, 1, 1, 1), engine=12, version=1, actor=KEEPER
        )
    game.refresh_from_db()
    assert game.version == 2
    assert snapshot(load_board(game))["rounds"][0]["scores"] == points(game, 0, 12, 30)


def test_it_records_a_retried_save_once(game):
    for _ in range(2):
        record_round(
            game=game, number=1, scores=points(game, 0, 5, 6), engine=12, version=1, actor=KEEPER
        )
    game.refresh_from_db()
    assert game.version == 2
    assert Change.objects.filter(game=game).count() == 1


def test_it_names_each_bad_field(game):
    with pytest.raises(Rejected) as caught:
        record_round(
            game=game,
            number=1,
            scores={str(ids(game)[0]): -1, str(ids(game)[1]): "x"},
            engine=11,
            version=1,
            actor=KEEPER,
        )
    errors = caught.value.errors
    assert set(errors) == {f"scores.{i}" for i in ids(game)} | {"engine"}
    game.refresh_from_db()
    assert game.version == 1


def test_it_undoes_and_redoes_a_correction(game):
    record_round(
        game=game, number=1, scores=points(game, 0, 5, 6), engine=12, version=1, actor=KEEPER
    )
    record_round(
        game=game, number=1, scores=points(game, 0, 5, 60), engine=12, version=2, actor=KEEPER
    )
    undo(game=game, version=3, actor=KEEPER)
    assert snapshot(load_board(game))["rounds"][0]["scores"] == points(game, 0, 5, 6)
    redo(game=game, version=4, actor=KEEPER)
    assert snapshot(load_board(game))["rounds"][0]["scores"] == points(game, 0, 5, 60)
    undo(game=game, version=5, actor=KEEPER)
    undo(game=game, version=6, actor=KEEPER)
    snap = snapshot(load_board(game))
    assert (snap["rounds"], snap["version"]) == ([], 7)


def test_it_ends_the_game_with_a_shared_win(game):
    record_round(
        game=game, number=1, scores=points(game, 3, 3, 9), engine=12, version=1, actor=KEEPER
    )
    end_game(game=game, version=2, actor=KEEPER)
    snap = snapshot(load_board(game))
    assert snap["status"] == "finished"
    assert snap["winners"] == ids(game)[:2]
    with pytest.raises(Conflict):
        record_round(
            game=game, number=2, scores=points(game, 1, 1, 1), engine=10, version=3, actor=KEEPER
        )
