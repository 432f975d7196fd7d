"""Which round scores are possible, and what a scorekeeper is told otherwise."""

import pytest

from rules import rulesets


def table(slug, variant=None, players=4, **kwargs):
    return rulesets.get(slug).table(variant, players, **kwargs)


def test_it_bounds_a_hand_by_every_pip_in_the_set():
    assert table("mexican-train").score_bounds == (0, 1092)
    assert table("derailing", players=4).score_bounds == (0, 495)
    assert table("derailing", players=5).score_bounds == (0, 1092)
    assert table("derailing", players=2, set_size=6).score_bounds == (0, 168)


def test_it_counts_the_oll_double_blank_at_50_in_the_bound():
    for variant in ("full", "even", "odd"):
        assert table("oll", variant).score_bounds == (0, 1142)


def test_it_bounds_number_9_points_by_a_ceiling_no_round_can_reach():
    # 55 dominoes at 2, 9 hub trains at 5, the double and grand slam bonuses, 54 captured.
    assert table("number-9", "standard").score_bounds == (0, 110 + 45 + 5 + 25 + 54)
    # The 9|9 never leaves the hub: 54 dominoes, 9 hub trains, a sweep, 53 captured.
    assert table("number-9", "tournament", players=6).score_bounds == (0, 108 + 45 + 10 + 53)


@pytest.mark.parametrize("slug", ["mexican-train", "oll", "derailing", "number-9"])
def test_it_accepts_every_score_inside_the_bounds(slug):
    t = table(slug)
    low, high = t.score_bounds
    for value in (low, low + 1, (low + high) // 2, high):
        assert t.score_error(value) is None


def test_it_explains_a_hand_bigger_than_the_set():
    assert table("mexican-train").score_error(1093) == (
        "A hand can't hold more than 1092 pips in a double-12 set; check the count."
    )
    assert table("oll").score_error(1143) == (
        "A hand can't hold more than 1142 pips in a double-12 set with the 0|0 counting 50; "
        "check the count."
    )
    assert "more than 495 pips in a double-9 set" in table("derailing").score_error(496)


def test_it_explains_a_negative_score():
    assert table("mexican-train").score_error(-1) == (
        "Scores can't be negative; enter the pips left in the hand (0 for the player who went out)."
    )
    assert table("number-9").score_error(-2) == (
        "Points can't be negative; enter what the player earned this round."
    )


def test_it_explains_more_points_than_a_number_9_round_can_give():
    assert table("number-9").score_error(240) == (
        "Nobody can earn more than 239 points in one round of Number 9 Train; check the total."
    )


def test_it_wants_a_whole_number():
    for value in (3.5, "12", None, True):
        assert table("oll").score_error(value) == "Enter the score as a whole number."
