"""A tournament's settings are one frozen value: built by the form, the command or a test,
checked once (the format's defaults filled in, the other formats' settings left empty),
and what was asked for is left as it was."""

import dataclasses

import pytest

from rules import rulesets
from tournaments.settings_check import Settings


def test_checking_fills_in_the_formats_defaults_and_empties_the_others():
    asked = Settings(
        name="  Spring open ", ruleset="mexican-train", format="progressive", games=3, advance=4
    )
    checked = asked.checked()
    span = rulesets.get("mexican-train").player_range(checked.variant)
    assert (checked.name, checked.games, checked.move, checked.advance) == ("Spring open", 3, 1, 1)
    assert checked.table_size == (span[0], span[-1])
    assert checked.sizes == span
    assert checked.checked() == checked  # checking again changes nothing
    assert asked.name == "  Spring open " and asked.table_size is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        asked.name = "Autumn open"


def test_heats_keep_how_many_go_on_and_drop_the_games():
    checked = Settings(
        name="Heats", ruleset="mexican-train", format="heats-final", table_size=(4, 6), games=5
    ).checked()
    assert (checked.advance, checked.games, checked.move) == (1, None, None)
    assert checked.stored()["table_min"] == 4 and checked.stored()["table_max"] == 6
