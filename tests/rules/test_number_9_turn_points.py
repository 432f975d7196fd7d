"""Number 9: the points a turn earns, from what happened in it."""

import pytest

from rules import rulesets
from rules.scoring import NUMBER_9_HANDS, InvalidTurn, number_9_turn_points


def test_it_gives_7_for_the_starting_double_alone():
    assert number_9_turn_points(dominoes=1, starting_double=True) == 7


def test_it_adds_both_bonuses_for_the_starting_double_with_a_train():
    # The double plus three more: 4 x 2, 5 for the train, 5 for the double.
    points = number_9_turn_points(dominoes=4, starting_double=True, started_train_at_hub=True)
    assert points == 18


def test_it_gives_2_a_domino_and_5_for_a_new_train_at_the_hub():
    assert number_9_turn_points(dominoes=3, started_train_at_hub=True) == 11


def test_it_gives_2_a_domino_on_an_existing_train():
    assert number_9_turn_points(dominoes=2) == 4
    assert number_9_turn_points() == 0


def test_it_adds_a_point_per_captured_domino_when_going_out():
    assert number_9_turn_points(dominoes=2, captured=13) == 17


def test_it_scores_a_grand_slam_as_32_plus_25_plus_captured():
    assert number_9_turn_points(grand_slam=True, captured=30) == 32 + 25 + 30
    assert number_9_turn_points(grand_slam=True) == 57


def test_it_scores_a_standard_sweep_as_27_or_22_plus_10_plus_captured():
    assert number_9_turn_points(sweep_from="hub", captured=8) == 27 + 10 + 8
    assert number_9_turn_points(sweep_from="train", captured=8) == 22 + 10 + 8


def test_it_scores_a_sweep_after_a_grand_slam_without_captures():
    assert number_9_turn_points(sweep_from="hub", captured=0) == 37
    assert number_9_turn_points(sweep_from="train") == 32


def test_it_scores_a_tournament_sweep_as_23_or_18_plus_10_plus_captured():
    assert number_9_turn_points(variant="tournament", sweep_from="hub", captured=5) == 23 + 10 + 5
    assert number_9_turn_points(variant="tournament", sweep_from="train", captured=5) == 33


def test_it_scores_tournament_plays_like_standard_ones():
    assert number_9_turn_points(variant="tournament", dominoes=3, started_train_at_hub=True) == 11
    assert number_9_turn_points(variant="tournament", dominoes=3) == 6


def test_it_refuses_a_grand_slam_or_starting_double_in_the_tournament_game():
    with pytest.raises(InvalidTurn, match=r"9\|9 stays on the hub"):
        number_9_turn_points(variant="tournament", grand_slam=True)
    with pytest.raises(InvalidTurn, match=r"9\|9 stays on the hub"):
        number_9_turn_points(variant="tournament", dominoes=1, starting_double=True)


def test_it_refuses_a_turn_that_is_both_a_grand_slam_and_a_sweep():
    with pytest.raises(InvalidTurn, match="a grand slam or a sweep, not both"):
        number_9_turn_points(grand_slam=True, sweep_from="hub")


def test_it_refuses_parts_that_a_whole_hand_bonus_already_counts():
    with pytest.raises(InvalidTurn, match="already counts the whole hand"):
        number_9_turn_points(sweep_from="hub", dominoes=11)


def test_it_refuses_bonuses_without_a_domino():
    with pytest.raises(InvalidTurn, match="at least one domino"):
        number_9_turn_points(started_train_at_hub=True)
    with pytest.raises(InvalidTurn, match="double plus at least one more"):
        number_9_turn_points(dominoes=1, starting_double=True, started_train_at_hub=True)


def test_it_refuses_negative_counts_and_unknown_variants_and_sweeps():
    with pytest.raises(InvalidTurn, match="can't be negative"):
        number_9_turn_points(dominoes=-1)
    with pytest.raises(InvalidTurn, match="standard or tournament"):
        number_9_turn_points(variant="open", dominoes=1)
    with pytest.raises(InvalidTurn, match="from the hub or onto an existing train"):
        number_9_turn_points(sweep_from="board")


def test_it_knows_the_same_variants_and_hands_as_the_ruleset():
    number_9 = rulesets.get("number-9")
    assert set(NUMBER_9_HANDS) == {v.slug for v in number_9.variants}
    for variant, hand in NUMBER_9_HANDS.items():
        players = number_9.player_range(variant)[0]
        assert number_9.table(variant, players).hand_size == hand


def test_it_stays_within_the_round_ceiling_for_a_grand_slam():
    ceiling = rulesets.get("number-9").table(None, 2).score_bounds[1]
    assert number_9_turn_points(grand_slam=True, captured=11) < ceiling
