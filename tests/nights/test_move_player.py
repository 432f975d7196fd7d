"""Moving a player to another table: only before either table's first save."""

import pytest

from core.rejections import Rejected
from games.models import Game
from nights.starting import move_player
from tests.factories import make_night, numbered, save_round
from tests.nights.conftest import seats


@pytest.fixture
def night(db):
    """Derailing at two tables: P1–P5 at Table 1 (double-12), P6–P8 at Table 2 (double-9)."""
    players = numbered(8)
    return make_night(players, ruleset="derailing", seating=[players[:5], players[5:]])


def test_it_moves_a_player_to_the_last_seat_of_the_other_table(night):
    first, second = night.night.tables.all()
    p2 = first.game.seats.get(position=2).player
    move_player(night=night.night, player=p2, to=second)
    assert seats(first) == ["P1", "P3", "P4", "P5"]
    assert [s.position for s in first.game.seats.all()] == [1, 2, 3, 4]
    assert seats(second) == ["P6", "P7", "P8", "P2"]


def test_the_boards_change_version_and_set_with_the_table_size(night):
    first, second = night.night.tables.all()
    assert (first.game.set_size, second.game.set_size) == (12, 9)
    move_player(night=night.night, player=first.game.seats.first().player, to=second)
    one, two = (Game.objects.get(pk=t.game_id) for t in (first, second))
    assert (one.version, one.set_size) == (2, 9)  # four players: a double-9 set
    assert (two.version, two.set_size) == (2, 9)


def test_it_tells_both_tables_viewers_after_commit(night, django_capture_on_commit_callbacks):
    first, second = night.night.tables.all()
    with django_capture_on_commit_callbacks() as callbacks:
        move_player(night=night.night, player=first.game.seats.first().player, to=second)
    assert len(callbacks) == 2


def test_it_refuses_once_a_table_has_saved_a_round(night):
    first, second = night.night.tables.all()
    save_round(second.game, 1, [0, 5, 9], engine=9)
    with pytest.raises(Rejected) as refused:
        move_player(night=night.night, player=first.game.seats.first().player, to=second)
    assert refused.value.errors == {
        "table": "Table 2 has saved a round, so its seats are fixed; "
        "players can move only before a table's first save."
    }
    assert seats(first) == ["P1", "P2", "P3", "P4", "P5"]
    assert seats(second) == ["P6", "P7", "P8"]


def test_it_refuses_a_move_that_leaves_a_table_too_small(db):
    players = numbered(5)
    new = make_night(players, seating=[players[:2], players[2:]])
    first, second = new.night.tables.all()
    with pytest.raises(Rejected) as refused:
        move_player(night=new.night, player=players[0], to=second)
    assert refused.value.errors == {
        "table": "Moving P1 would leave Table 1 with 1 player; "
        "Mexican Train seats 2 to 8 players at a table."
    }
    assert seats(first) == ["P1", "P2"]


def test_it_refuses_a_move_to_the_players_own_table_or_another_night(night):
    first, second = night.night.tables.all()
    p1 = first.game.seats.first().player
    with pytest.raises(Rejected) as refused:
        move_player(night=night.night, player=p1, to=first)
    assert refused.value.errors == {"table": "P1 already sits at Table 1."}
    other = make_night(numbered(2, prefix="Other")).night.tables.get()
    with pytest.raises(Rejected) as refused:
        move_player(night=night.night, player=p1, to=other)
    assert refused.value.errors == {
        "table": "That table belongs to another night; pick one of tonight's."
    }
    assert seats(first) == ["P1", "P2", "P3", "P4", "P5"]
