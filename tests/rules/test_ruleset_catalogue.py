"""Which games there are, how they are looked up and which variants they offer."""

import pytest

from rules import rulesets


def test_it_lists_the_four_games_in_menu_order():
    assert [r.slug for r in rulesets.ALL] == ["mexican-train", "oll", "derailing", "number-9"]


def test_it_finds_each_game_by_its_slug():
    for ruleset in rulesets.ALL:
        assert rulesets.get(ruleset.slug) is ruleset


def test_it_explains_an_unknown_slug_and_names_the_real_ones():
    with pytest.raises(rulesets.UnknownRuleset) as caught:
        rulesets.get("dominoes")
    message = str(caught.value)
    assert "dominoes" in message
    for ruleset in rulesets.ALL:
        assert ruleset.slug in message
    assert issubclass(rulesets.UnknownRuleset, LookupError)


def test_it_gives_every_game_a_name_and_a_one_line_summary():
    for ruleset in rulesets.ALL:
        assert ruleset.name
        assert ruleset.summary and "\n" not in ruleset.summary


def test_it_offers_variants_only_for_oll_and_number_9():
    variants = {r.slug: [v.slug for v in r.variants] for r in rulesets.ALL}
    assert variants == {
        "mexican-train": [],
        "oll": ["full", "even", "odd"],
        "derailing": [],
        "number-9": ["standard", "tournament"],
    }
    defaults = {r.slug: r.default_variant for r in rulesets.ALL}
    assert defaults == {
        "mexican-train": None,
        "oll": "full",
        "derailing": None,
        "number-9": "standard",
    }


def test_it_describes_every_variant():
    for ruleset in rulesets.ALL:
        for variant in ruleset.variants:
            assert variant.name and variant.description


def test_it_treats_an_empty_variant_as_the_default():
    oll = rulesets.get("oll")
    assert oll.check_variant(None) == "full"
    assert oll.check_variant("") == "full"
    assert oll.check_variant("odd") == "odd"
    assert rulesets.get("mexican-train").check_variant("") is None


def test_it_refuses_an_unknown_variant_with_the_choices():
    with pytest.raises(rulesets.InvalidSetup, match="choose one of full, even, odd"):
        rulesets.get("oll").check_variant("backwards")
    with pytest.raises(rulesets.InvalidSetup, match="Mexican Train has no variants"):
        rulesets.get("mexican-train").check_variant("full")
    assert issubclass(rulesets.InvalidSetup, ValueError)


def test_it_refuses_a_table_for_an_unknown_variant():
    with pytest.raises(rulesets.InvalidSetup, match="no 'odd' variant"):
        rulesets.get("number-9").table("odd", 4)
