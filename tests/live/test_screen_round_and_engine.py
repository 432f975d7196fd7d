"""What the big screen says about the round being played, for every ruleset."""

import pytest

from games.screen import now_playing
from games.snapshot import load_board
from tests.factories import make_game, save_round

SIX = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def now(**setup):
    return now_playing(load_board(make_game(**setup).game))


def test_it_shows_the_scheduled_engine_of_the_next_oll_round(db):
    new = make_game(ruleset="oll", variant="even")
    save_round(new.game, 1, [1, 2, 3])

    current = now_playing(load_board(new.game))
    assert (current.number, current.planned, current.engine) == (2, 7, 10)


def test_it_shows_the_nine_every_round_of_the_number_9_tournament(db):
    current = now(names=SIX, ruleset="number-9", variant="tournament")
    assert (current.number, current.planned, current.engine) == (1, None, 9)


@pytest.mark.parametrize(
    ("ruleset", "variant", "note"),
    [
        ("mexican-train", None, "Drawn at the table"),
        ("derailing", None, "Highest unused double in hand"),
        ("number-9", "standard", "Highest double in hand"),
    ],
)
def test_it_says_how_the_double_is_chosen_when_no_schedule_names_it(db, ruleset, variant, note):
    current = now(ruleset=ruleset, variant=variant)
    assert current.engine is None
    assert current.note == note


def test_it_has_no_round_to_show_once_every_round_is_saved(db):
    new = make_game(ruleset="oll", variant="odd")
    for number in range(1, 7):
        save_round(new.game, number, [0, 1, 2])

    current = now_playing(load_board(new.game))

    assert (current.number, current.engine) == (None, None)
