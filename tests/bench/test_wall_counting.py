"""The tournament bench's walls (bench/walls.py) count each table's changes per game, from
the messages the tournament's socket really sends: a lost or reordered table is counted,
and a save is held only once every wall holds it."""

import json

from bench.walls import Walls
from games.snapshot import load_board
from nights.feed import table_message
from tests.factories import make_game, save_round


class Wall:
    """A wall as bench/viewers.py's Viewer hands its messages on (any object will do)."""


def message(game, label: str = "Mesa «1»") -> bytes:
    game.refresh_from_db()
    return table_message(label, load_board(game).message).encode()


def test_walls_hold_a_save_when_the_last_wall_has_it_and_count_losses_per_game(db):
    ann, bob = make_game().game, make_game(names=("Di", "Ed", "Flo")).game
    walls, first, second = Walls(), Wall(), Wall()
    walls.viewers += [first, second]
    walls.received(first, b'{"type":"tournament","code":"x","stages":[]}', 0.0)
    save_round(ann, 1, [1, 2, 3])
    one = message(ann)
    save_round(ann, 2, [4, 5, 6])
    two = message(ann)
    save_round(bob, 1, [7, 8, 9])
    bob_one = message(bob)

    walls.received(first, one, 1.0)
    walls.received(first, two, 2.0)
    walls.received(first, bob_one, 2.5)
    walls.received(second, two, 3.0)  # ann's second save first, on the second wall
    walls.received(second, one, 4.0)  # … then her first: out of order, never held
    saves = [[ann.code, ann.version - 1], [ann.code, ann.version], [bob.code, bob.version]]
    got = walls.seen(saves)
    # Held by every wall: only ann's second save (the last wall had it at 3.0); bob's
    # save never reached the second wall: lost.
    assert got["seen"] == [None, 3.0, None]
    assert (got["lost"], got["out_of_order"], got["tournaments"]) == (1, 1, 1)


def test_a_message_that_is_neither_a_table_nor_the_tournament_is_refused():
    walls = Walls()
    try:
        walls.received(Wall(), json.dumps({"type": "night"}).encode(), 0.0)
    except ValueError as exc:
        assert "neither a tournament nor a table" in str(exc)
    else:
        raise AssertionError("a night message was counted on a tournament's wall")
