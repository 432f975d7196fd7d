"""Who wins each game and what the double blank is worth."""

from rules import rulesets


def every_table():
    for ruleset in rulesets.ALL:
        for variant in [v.slug for v in ruleset.variants] or [None]:
            for players in ruleset.player_range(variant):
                yield ruleset.table(variant, players)


def test_it_gives_the_win_to_the_lowest_total_except_in_number_9():
    assert {r.slug: r.lower_wins for r in rulesets.ALL} == {
        "mexican-train": True,
        "oll": True,
        "derailing": True,
        "number-9": False,
    }
    for table in every_table():
        assert table.lower_wins is table.ruleset.lower_wins


def test_it_counts_the_double_blank_as_the_game_says():
    values = {t.ruleset.slug: t.double_blank for t in every_table()}
    assert values == {"mexican-train": 0, "oll": 50, "derailing": 0, "number-9": None}
