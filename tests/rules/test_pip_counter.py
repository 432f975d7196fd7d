"""Counting the pips left in a hand, as the pip counter does."""

import pytest

from rules import rulesets
from rules.scoring import InvalidTiles, pip_count

HAND = [(6, 6), (0, 0), (3, 4)]


def test_it_counts_6_6_0_0_3_4_as_19_in_mexican_train():
    assert rulesets.get("mexican-train").table(None, 4).pip_count(HAND) == 19


def test_it_counts_6_6_0_0_3_4_as_69_in_oll_where_the_double_blank_is_50():
    assert rulesets.get("oll").table("even", 4).pip_count(HAND) == 69


def test_it_counts_with_any_double_blank_value():
    assert pip_count(HAND, double_blank=0) == 19
    assert pip_count(HAND, double_blank=50) == 69
    assert pip_count([], double_blank=50) == 0
    assert pip_count([(0, 5)], double_blank=50) == 5


def test_it_counts_the_derailing_example_hand_as_20():
    hand = [(3, 5), (4, 6), (2, 0)]
    assert rulesets.get("derailing").table(None, 3).pip_count(hand) == 20


def test_it_refuses_a_tile_the_set_does_not_have():
    with pytest.raises(InvalidTiles) as caught:
        rulesets.get("derailing").table(None, 3).pip_count([(10, 2)])
    assert str(caught.value) == "A double-9 set has no 10|2; check the tiles picked."


def test_it_refuses_a_tile_counted_twice_either_way_round():
    with pytest.raises(InvalidTiles) as caught:
        rulesets.get("oll").table(None, 3).pip_count([(3, 4), (4, 3)])
    assert str(caught.value) == "The 3|4 is counted twice, but a set holds only one."


def test_it_refuses_to_count_pips_for_number_9():
    with pytest.raises(InvalidTiles, match="scores points for plays"):
        rulesets.get("number-9").table(None, 3).pip_count(HAND)


def test_it_refuses_negative_pips():
    with pytest.raises(InvalidTiles):
        pip_count([(-1, 3)], double_blank=0)
