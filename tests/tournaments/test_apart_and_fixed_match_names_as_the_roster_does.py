"""Keep apart and fixed tables find an entrant by name as the roster tells people apart
(players/names.py): spaces, case and accents aside. A name typed with two spaces, or
without its accents, is the player ticked, not "not entered"."""

import random

from tests.factories import register, seated_names, stage_games
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament

NAMES = ["María-José Fernández-Castillo", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def test_names_typed_with_other_spaces_case_or_accents_are_the_entrants_ticked(db):
    new = create_tournament(
        settings=Settings(
            name="Club day",
            ruleset="mexican-train",
            format="rotation",
            games=2,
            table_size=(4, 4),
            apart=(("María-José  Fernández-Castillo", "bob"),),
            fixed=(("maria-jose fernandez-castillo", 2),),
        ),
        entrants=[(player, None) for player in register(*NAMES)],
        rng=random.Random(5),
    )

    tables = [seated_names(game) for game in stage_games(new.stage)]
    assert NAMES[0] in tables[1], "she sits at the table she was given"
    assert "Bob" not in tables[1], "and Bob, kept apart from her, elsewhere"
