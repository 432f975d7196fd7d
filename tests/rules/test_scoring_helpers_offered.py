"""Which scoring helpers each game offers the scorekeeper, and the double each round
is planned to start from."""

from rules import rulesets


def test_it_offers_the_pip_counter_in_every_game_counted_in_pips():
    offered = {r.slug for r in rulesets.ALL if "pips" in r.helpers}
    assert offered == {"mexican-train", "oll", "derailing"}
    assert all(r.double_blank is not None for r in rulesets.ALL if "pips" in r.helpers)


def test_it_offers_the_derailing_penalty_only_in_derailing():
    assert [r.slug for r in rulesets.ALL if "derail" in r.helpers] == ["derailing"]


def test_it_offers_turn_points_only_in_number_9():
    assert [r.slug for r in rulesets.ALL if "turn" in r.helpers] == ["number-9"]


def test_it_plans_the_engines_the_rules_fix_and_no_others():
    even = rulesets.get("oll").table("even", 4)
    assert [even.planned_engine(n) for n in range(1, 8)] == [12, 10, 8, 6, 4, 2, 0]
    assert rulesets.get("number-9").table("tournament", 6).planned_engine(40) == 9
    assert rulesets.get("mexican-train").table(None, 4).planned_engine(1) is None
    assert rulesets.get("derailing").table(None, 4).planned_engine(3) is None
