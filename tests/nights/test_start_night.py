"""Starting a night: every table an ordinary game, seated for you or as shown, in one go."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from core.rejections import Rejected
from games import keys
from games.models import Game
from games.scorekeeping import end_game
from nights.models import Night
from nights.snapshot import load_night
from nights.starting import start_night
from tests.factories import KEEPER, make_night, numbered
from tests.nights.conftest import seats


def test_it_seats_eleven_players_at_two_tables_of_six_and_five(db):
    new = make_night(11)
    tables = list(new.night.tables.all())
    assert [t.label for t in tables] == ["Table 1", "Table 2"]
    assert [len(seats(t)) for t in tables] == [6, 5]
    everyone = sorted(name for t in tables for name in seats(t))
    assert everyone == sorted(f"P{n}" for n in range(1, 12))


def test_each_table_is_an_ordinary_game_with_its_own_scorekeeper_key(db):
    new = make_night(9, ruleset="oll", variant="even")
    games = [t.game for t in new.tables]
    assert [(g.ruleset, g.variant, g.table_name) for g in games] == [
        ("oll", "even", "Table 1"),
        ("oll", "even", "Table 2"),
    ]
    # Numbered, not labelled in the language of whoever started the night.
    assert [(g.table_label, g.table_number) for g in games] == [("", 1), ("", 2)]
    assert all(keys.key_matches(t.key, t.game.key_hash) for t in new.tables)
    assert not keys.key_matches(new.tables[0].key, games[1].key_hash)
    assert set(new.night.games.all()) == set(games)


def test_it_keeps_the_night_name_date_ruleset_and_who_started_it(db):
    staff = get_user_model().objects.create_user("organiser", is_staff=True)
    new = make_night(
        6,
        ruleset="number-9",
        variant="tournament",
        date=datetime.date(2026, 11, 24),
        created_by=staff,
    )
    night = Night.objects.get()
    assert (night.name, night.date, night.ruleset, night.variant) == (
        "Tuesday club",
        datetime.date(2026, 11, 24),
        "number-9",
        "tournament",
    )
    assert night.created_by == staff
    assert new.tables[0].game.created_by == staff


def test_it_seats_at_the_number_of_tables_asked_for(db):
    new = make_night(12, tables=3)
    assert [len(seats(t.table)) for t in new.tables] == [4, 4, 4]


def test_it_seats_players_as_shown_before_confirming(db):
    ann, bob, cy, dee, eve = numbered(5)
    new = make_night([ann, bob, cy, dee, eve], seating=[[eve, ann], [cy, bob, dee]])
    assert [seats(t.table) for t in new.tables] == [["P5", "P1"], ["P3", "P2", "P4"]]


def test_the_draw_is_random(db):
    players = numbered(12)
    draws = {tuple(tuple(seats(t.table)) for t in make_night(players).tables) for _ in range(6)}
    assert len(draws) > 1


@pytest.mark.parametrize(
    ("options", "field", "sentence"),
    [
        (
            {"players": 1},
            "players",
            "Mexican Train needs at least 2 players at a table; add 1 more (you have 1).",
        ),
        (
            {"players": 70, "tables": 2},
            "tables",
            "Mexican Train seats 2 to 8 players at a table, so 70 players need 9 to 35 tables; "
            "you asked for 2.",
        ),
        (
            {"players": 4, "tables": "2"},
            "tables",
            "Give the number of tables as a whole number, or leave it empty.",
        ),
        (
            {"players": 4, "ruleset": "chicken-foot"},
            "ruleset",
            "There is no ruleset called 'chicken-foot'; "
            "choose one of mexican-train, oll, derailing, number-9.",
        ),
        (
            {"players": 4, "ruleset": "oll", "variant": "sevens"},
            "variant",
            "OLL Train has no 'sevens' variant; choose one of full, even, odd.",
        ),
        ({"players": 4, "name": "  "}, "name", "Give the night a name, such as “Tuesday club”."),
    ],
)
def test_it_refuses_a_night_it_cannot_seat_and_starts_nothing(db, options, field, sentence):
    options = {"name": "Tuesday club", "ruleset": "mexican-train", "variant": None, **options}
    options["players"] = numbered(options["players"])
    with pytest.raises(Rejected) as refused:
        start_night(**options)
    assert refused.value.errors == {field: sentence}
    assert not Night.objects.exists()
    assert not Game.objects.exists()


def test_it_refuses_a_shown_seating_that_leaves_someone_out(db):
    ann, bob, cy, dee = numbered(4)
    with pytest.raises(Rejected) as refused:
        make_night([ann, bob, cy, dee], seating=[[ann, bob], [cy]])
    assert refused.value.errors == {
        "seating": "The seating does not match the players present; draw the seats again."
    }
    assert not Night.objects.exists()


def test_it_refuses_a_shown_seating_with_a_table_outside_the_player_range(db):
    players = numbered(10)
    with pytest.raises(Rejected) as refused:
        make_night(players, seating=[players[:9], players[9:]])
    assert refused.value.errors == {
        "seating": "Table 1 has 9 players; Mexican Train seats 2 to 8 players at a table."
    }
    assert not Game.objects.exists()


def test_it_refuses_a_player_twice(db):
    ann, bob, cy = numbered(3)
    with pytest.raises(Rejected) as refused:
        make_night([ann, bob, cy, ann])
    assert refused.value.errors == {
        "players": "Each player can take only one seat; remove the repeat."
    }
    assert not Night.objects.exists()


def test_a_night_is_finished_only_when_all_its_games_are(db):
    new = make_night(4, tables=2)
    first, second = (t.game for t in new.tables)
    end_game(game=first, version=first.version, actor=KEEPER)
    assert load_night(new.night.code).status == "in_progress"
    end_game(game=second, version=second.version, actor=KEEPER)
    assert load_night(new.night.code).status == "finished"
