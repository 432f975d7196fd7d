"""A table added late: an ordinary game seated at the end of the night."""

import pytest
from django.db import transaction

from core.rejections import Rejected
from games import keys
from games.models import Game
from nights.starting import add_table
from tests.factories import make_night, numbered
from tests.nights.conftest import seats


def test_it_adds_the_next_table_with_its_own_scorekeeper_key(db):
    night = make_night(6, tables=2).night
    late = numbered(3, prefix="Late")
    new = add_table(night=night, players=late)
    assert [t.label for t in night.tables.all()] == ["Table 1", "Table 2", "Table 3"]
    assert seats(new.table) == ["Late1", "Late2", "Late3"]
    assert (new.game.ruleset, new.game.table_name) == ("mexican-train", "Table 3")
    assert (new.game.table_label, new.game.table_number) == ("", 3), "numbered, not stored"
    assert keys.key_matches(new.key, new.game.key_hash)


def test_it_takes_a_name_for_the_table(db):
    night = make_night(4).night
    new = add_table(night=night, players=numbered(2, prefix="Late"), label=" Back room ")
    assert [t.label for t in night.tables.all()] == ["Table 1", "Back room"]
    assert (new.game.table_label, new.game.table_number) == ("Back room", None)


def test_it_tells_the_nights_screens_after_commit(db, django_capture_on_commit_callbacks):
    night = make_night(4).night
    with django_capture_on_commit_callbacks() as callbacks:
        add_table(night=night, players=numbered(2, prefix="Late"))
    assert len(callbacks) == 1


@pytest.mark.parametrize(
    ("label", "late", "sentence"),
    [
        ("Table 1", 2, {"label": "Another table is called 'Table 1'; choose another name."}),
        ("x" * 41, 2, {"label": "Keep the table's name to 40 characters or fewer."}),
        ("", 9, {"players": "Mexican Train needs 2 to 8 players; you picked 9."}),
    ],
)
def test_it_refuses_a_table_it_cannot_start_and_adds_nothing(db, label, late, sentence):
    night = make_night(4).night
    with pytest.raises(Rejected) as refused:
        add_table(night=night, players=numbered(late, prefix="Late"), label=label)
    assert refused.value.errors == sentence
    assert night.tables.count() == 1
    assert Game.objects.count() == 1


def test_it_refuses_a_player_who_already_sits_at_a_table_tonight(db):
    new = make_night(4)
    already = new.tables[0].game.seats.first().player
    with pytest.raises(Rejected) as refused, transaction.atomic():
        add_table(night=new.night, players=[already, *numbered(2, prefix="Late")])
    assert refused.value.errors == {
        "players": f"{already.name} already sits at Table 1 tonight; "
        "leave them out of the new table, or move them to it before its first save."
    }
    assert Game.objects.count() == 1
