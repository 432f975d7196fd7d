"""A table playing only its schedule's first rounds (no database)."""

import pytest

from rules import rulesets


def test_the_first_rounds_keep_the_schedules_start():
    table = rulesets.get("oll").table("even", 4).first_rounds(3)
    assert table.schedule == (12, 10, 8)
    assert table.rounds == 3
    assert table.is_complete(3) and not table.is_complete(2)
    assert table.engines_left([12, 10]) == (8,)


def test_an_open_ended_game_gets_that_many_rounds_with_its_fixed_double():
    table = rulesets.get("number-9").table("tournament", 6).first_rounds(4)
    assert table.rounds == 4
    assert table.planned_engine(4) == 9


@pytest.mark.parametrize(
    ("count", "sentence"),
    [
        (0, "Give the number of rounds as a whole number from 1, or leave it empty."),
        (14, "Mexican Train has 13 rounds at a table of 5; ask for 13 or fewer."),
    ],
)
def test_rounds_outside_the_schedule_are_refused_with_a_sentence(count, sentence):
    table = rulesets.get("mexican-train").table(None, 5)
    assert table.rounds_error(count) == sentence
    with pytest.raises(ValueError):
        table.first_rounds(count)
