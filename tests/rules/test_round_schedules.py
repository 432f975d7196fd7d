"""How many rounds each game has and which double starts each one."""

from rules import rulesets


def schedule(slug, variant=None, players=4, **kwargs):
    return rulesets.get(slug).table(variant, players, **kwargs).schedule


def test_it_plans_mexican_train_as_13_rounds_with_drawn_station_doubles():
    assert schedule("mexican-train") == (None,) * 13
    assert rulesets.get("mexican-train").table(None, 4).engine_rule == "drawn"


def test_it_plans_the_full_oll_game_from_12_down_to_blank():
    assert schedule("oll", "full") == (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)


def test_it_plans_the_even_oll_game_on_even_doubles():
    assert schedule("oll", "even") == (12, 10, 8, 6, 4, 2, 0)


def test_it_plans_the_odd_oll_game_on_odd_doubles():
    assert schedule("oll", "odd") == (11, 9, 7, 5, 3, 1)


def test_it_fixes_the_oll_engines_in_advance():
    for variant in ("full", "even", "odd"):
        assert rulesets.get("oll").table(variant, 5).engine_rule == "fixed"


def test_it_plans_one_derailing_round_per_double_of_the_set():
    assert schedule("derailing", players=4) == (None,) * 10
    assert schedule("derailing", players=5) == (None,) * 13
    assert schedule("derailing", players=2, set_size=6) == (None,) * 7
    assert rulesets.get("derailing").table(None, 4).engine_rule == "recorded"


def test_it_leaves_number_9_open_ended():
    standard = rulesets.get("number-9").table("standard", 3)
    tournament = rulesets.get("number-9").table("tournament", 6)
    assert standard.schedule is None and standard.rounds is None
    assert tournament.schedule is None and tournament.rounds is None
    assert standard.engine_rule == "none"
    assert tournament.engine_rule == "fixed"


def test_it_counts_rounds_from_the_schedule():
    rounds = {
        (r.slug, v): r.table(v, r.player_range(v)[0]).rounds
        for r in rulesets.ALL
        for v in ([x.slug for x in r.variants] or [None])
    }
    assert rounds == {
        ("mexican-train", None): 13,
        ("oll", "full"): 13,
        ("oll", "even"): 7,
        ("oll", "odd"): 6,
        ("derailing", None): 10,
        ("number-9", "standard"): None,
        ("number-9", "tournament"): None,
    }


def test_it_says_a_game_is_complete_once_the_schedule_is_played():
    odd = rulesets.get("oll").table("odd", 4)
    assert not odd.is_complete(0)
    assert not odd.is_complete(5)
    assert odd.is_complete(6)
    assert odd.is_complete(7)


def test_it_never_calls_an_open_ended_game_complete():
    number_9 = rulesets.get("number-9").table(None, 4)
    assert not number_9.is_complete(0)
    assert not number_9.is_complete(500)
