"""Which double may start the next round, and why another one may not."""

from rules import rulesets

DOUBLE_12 = tuple(range(12, -1, -1))


def table(slug, variant=None, players=4):
    return rulesets.get(slug).table(variant, players)


def test_it_allows_only_the_scheduled_engine_in_oll():
    even = table("oll", "even")
    assert even.engines_left([]) == (12,)
    assert even.engines_left([12, 10]) == (8,)
    assert even.engine_error(8, [12, 10]) is None


def test_it_names_the_scheduled_engine_when_another_is_given_in_oll():
    even = table("oll", "even")
    assert even.engine_error(7, [12]) == "Round 2 starts from the 10|10, not the 7|7."
    assert even.engine_error(None, [12]) == "Round 2 starts from the 10|10; record it."


def test_it_allows_any_unplayed_double_as_mexican_trains_station():
    mexican = table("mexican-train")
    assert mexican.engines_left([]) == DOUBLE_12
    assert mexican.engines_left([7, 12]) == (11, 10, 9, 8, 6, 5, 4, 3, 2, 1, 0)
    assert mexican.engine_error(3, [7, 12]) is None


def test_it_refuses_a_station_double_that_was_already_played():
    mexican = table("mexican-train")
    assert mexican.engine_error(7, [12, 7]) == (
        "The 7|7 was already the station double of an earlier round; "
        "choose one of 11, 10, 9, 8, 6, 5, 4, 3, 2, 1, 0."
    )


def test_it_asks_for_the_station_double_when_none_is_recorded():
    assert (
        table("mexican-train")
        .engine_error(None, [12])
        .startswith("Record the station double this round started from: one of 11, 10,")
    )


def test_it_allows_any_unused_derailing_platform_from_the_set_in_play():
    small = table("derailing", players=3)
    big = table("derailing", players=6)
    assert small.engines_left([]) == tuple(range(9, -1, -1))
    assert big.engines_left([]) == DOUBLE_12
    # Nobody held the 9|9 in round one, so the 8|8 started it; the 9|9 is still unused.
    assert small.engines_left([8]) == (9, 7, 6, 5, 4, 3, 2, 1, 0)
    assert small.engine_error(9, [8]) is None
    assert "platform of an earlier round" in small.engine_error(8, [8])


def test_it_refuses_a_double_the_set_does_not_have():
    assert table("derailing", players=3).engine_error(12, []) == (
        "A double-9 set has no 12|12; choose a double from 0|0 to 9|9."
    )
    assert "has no 13|13" in table("mexican-train").engine_error(13, [])
    assert "has no -1|-1" in table("mexican-train").engine_error(-1, [])


def test_it_wants_the_engine_as_a_whole_number():
    assert table("mexican-train").engine_error("12", []) == (
        "Record the engine as the number on the double, such as 12 for the 12|12."
    )
    assert table("mexican-train").engine_error(True, []) is not None


def test_it_records_no_engine_in_standard_number_9():
    standard = table("number-9", "standard")
    assert standard.engines_left([]) == ()
    assert standard.engine_error(None, [None, None]) is None
    assert standard.engine_error(9, []) == (
        "Number 9 Train doesn't record a starting double for each round; leave the engine empty."
    )


def test_it_starts_every_tournament_round_from_the_double_nine():
    tournament = table("number-9", "tournament", players=6)
    assert tournament.engines_left([]) == (9,)
    assert tournament.engines_left([9] * 40) == (9,)
    assert tournament.engine_error(9, [9, 9]) is None
    assert tournament.engine_error(8, [9]) == "Round 2 starts from the 9|9, not the 8|8."


def test_it_allows_no_engine_once_the_schedule_is_played():
    odd = table("oll", "odd")
    assert odd.engines_left([11, 9, 7, 5, 3, 1]) == ()
    assert odd.engine_error(1, [11, 9, 7, 5, 3, 1]) == (
        "All 6 rounds of this game have been played; end the game instead of adding another."
    )
    mexican = table("mexican-train")
    assert mexican.engines_left(list(DOUBLE_12)) == ()
    assert mexican.engine_error(0, list(DOUBLE_12)).startswith("All 13 rounds")


def test_it_checks_a_corrected_round_against_the_other_rounds():
    full = table("oll", "full")
    # Correcting round 2 of 5 saved rounds: the schedule says the 11|11.
    assert full.engines_left([12, 10, 9, 8], round_number=2) == (11,)
    assert full.engine_error(11, [12, 10, 9, 8], round_number=2) is None
    mexican = table("mexican-train")
    # Round 2 drew the 5|5 but the 3|3 was written; the 3|3 started no other round.
    assert mexican.engine_error(5, [12, 3, 8], round_number=2) is None
    assert mexican.engine_error(8, [12, 3, 8], round_number=2) == (
        "The 8|8 was already the station double of another round; "
        "choose one of 11, 10, 9, 7, 6, 5, 4, 2, 1, 0."
    )


def test_it_ignores_rounds_saved_without_an_engine():
    assert table("mexican-train").engines_left([None, 12])[:2] == (11, 10)
