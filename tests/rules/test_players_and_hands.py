"""Who can sit at each game and how many tiles each player draws."""

import pytest

from rules import rulesets

# (slug, variant) -> {player count: (set size, tiles per hand)}, from the design table.
DOUBLE_12_HANDS = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}
EXPECTED = {
    ("mexican-train", None): {n: (12, hand) for n, hand in DOUBLE_12_HANDS.items()},
    ("oll", "full"): {n: (12, hand) for n, hand in DOUBLE_12_HANDS.items()},
    ("oll", "even"): {n: (12, hand) for n, hand in DOUBLE_12_HANDS.items()},
    ("oll", "odd"): {n: (12, hand) for n, hand in DOUBLE_12_HANDS.items()},
    ("derailing", None): {n: (9 if n <= 4 else 12, 10) for n in range(2, 9)},
    ("number-9", "standard"): {n: (9, 11) for n in range(2, 6)},
    ("number-9", "tournament"): {6: (9, 9)},
}


@pytest.mark.parametrize(("slug", "variant"), EXPECTED)
def test_it_allows_exactly_the_player_counts_of_the_design(slug, variant):
    ruleset = rulesets.get(slug)
    assert list(ruleset.player_range(variant)) == sorted(EXPECTED[slug, variant])


@pytest.mark.parametrize(("slug", "variant"), EXPECTED)
def test_it_deals_the_right_set_and_hand_for_every_player_count(slug, variant):
    ruleset = rulesets.get(slug)
    for players, (set_size, hand) in EXPECTED[slug, variant].items():
        table = ruleset.table(variant, players)
        assert (table.set_size, table.hand_size) == (set_size, hand), players
        assert (table.ruleset, table.variant, table.players) == (ruleset, variant, players)


def test_it_uses_the_default_variant_when_none_is_given():
    assert rulesets.get("number-9").table(None, 4).variant == "standard"
    assert rulesets.get("number-9").player_range(None) == range(2, 6)
    assert rulesets.get("oll").table("", 8).variant == "full"


def test_it_refuses_too_many_players_with_a_sentence():
    with pytest.raises(rulesets.InvalidSetup) as caught:
        rulesets.get("oll").table("even", 9)
    assert str(caught.value) == "OLL Train needs 2 to 8 players; you picked 9."


def test_it_refuses_a_single_player():
    with pytest.raises(rulesets.InvalidSetup, match="needs 2 to 8 players; you picked 1"):
        rulesets.get("mexican-train").table(None, 1)


def test_it_points_to_the_number_9_variant_that_fits_the_player_count():
    number_9 = rulesets.get("number-9")
    with pytest.raises(rulesets.InvalidSetup) as six:
        number_9.table("standard", 6)
    assert str(six.value) == (
        "The standard game of Number 9 Train needs 2 to 5 players; "
        "for 6, choose the tournament game."
    )
    with pytest.raises(rulesets.InvalidSetup) as four:
        number_9.table("tournament", 4)
    assert "needs exactly 6 players; for 4, choose the standard game" in str(four.value)
    with pytest.raises(rulesets.InvalidSetup, match="you picked 7"):
        number_9.table(None, 7)


def test_it_lets_derailing_play_a_bigger_or_smaller_set_when_the_hands_fit():
    derailing = rulesets.get("derailing")
    assert derailing.table(None, 3, set_size=12).set_size == 12
    assert derailing.table(None, 5, set_size=9).set_size == 9
    assert derailing.table(None, 2, set_size=6).set_size == 6


def test_it_refuses_a_derailing_set_too_small_for_the_hands():
    with pytest.raises(rulesets.InvalidSetup) as caught:
        rulesets.get("derailing").table(None, 6, set_size=9)
    assert str(caught.value) == (
        "A double-9 set has only 55 tiles, too few to deal 10 to each of 6 players; "
        "use a bigger set."
    )


def test_it_refuses_a_set_the_game_is_not_played_with():
    with pytest.raises(rulesets.InvalidSetup, match="double-6, double-9 or double-12 set"):
        rulesets.get("derailing").table(None, 4, set_size=15)
    with pytest.raises(rulesets.InvalidSetup, match="OLL Train is played with a double-12 set"):
        rulesets.get("oll").table(None, 4, set_size=9)
    assert rulesets.get("oll").table(None, 4, set_size=12).set_size == 12
