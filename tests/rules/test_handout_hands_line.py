"""The printed handout sums up tiles per hand in one line per table of hands."""

from rules import rulesets
from rules.at_the_table import card


def lines(slug):
    return [hands.in_short for hands in card(rulesets.get(slug)).hands]


def test_it_groups_player_counts_that_get_the_same_hand():
    assert lines("mexican-train") == [
        "2–4 players: 15 each · 5–6 players: 12 each · 7–8 players: 10 each (double-12 set)"
    ]


def test_it_names_the_set_for_each_group_when_the_set_changes():
    assert lines("derailing") == [
        "2–4 players: 10 each from a double-9 set · 5–8 players: 10 each from a double-12 set"
    ]


def test_it_gives_each_number_9_variant_its_own_line():
    assert lines("number-9") == [
        "2–5 players: 11 each (double-9 set)",
        "6 players: 9 each (double-9 set)",
    ]


def test_it_prints_the_line_on_the_page(client):
    html = client.get("/rules/oll/").content.decode()
    assert lines("oll")[0] in html
