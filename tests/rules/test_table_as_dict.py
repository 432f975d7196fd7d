"""The table as data for the browser's pip counter."""

import json

from rules import rulesets


def test_it_describes_an_oll_table_as_json():
    data = rulesets.get("oll").table("odd", 5).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "ruleset": "oll",
        "variant": "odd",
        "players": 5,
        "set_size": 12,
        "hand_size": 12,
        "double_blank": 50,
        "lower_wins": True,
        "score_bounds": [0, 1142],
        "rounds": 6,
        "schedule": [11, 9, 7, 5, 3, 1],
        "engine_rule": "fixed",
    }


def test_it_describes_an_open_ended_number_9_table():
    data = rulesets.get("number-9").table(None, 3).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["schedule"] is None and data["rounds"] is None
    assert data["double_blank"] is None and data["lower_wins"] is False
    assert data["engine_rule"] == "none"


def test_it_describes_every_table_with_the_same_keys():
    keys = {
        "ruleset",
        "variant",
        "players",
        "set_size",
        "hand_size",
        "double_blank",
        "lower_wins",
        "score_bounds",
        "rounds",
        "schedule",
        "engine_rule",
    }
    for ruleset in rulesets.ALL:
        for variant in [v.slug for v in ruleset.variants] or [None]:
            for players in ruleset.player_range(variant):
                data = ruleset.table(variant, players).as_dict()
                assert set(data) == keys
                json.dumps(data)
