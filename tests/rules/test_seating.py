"""Seating a night: the fewest tables within the player range, sizes at most one apart."""

import random

import pytest

from rules import rulesets
from rules.seating import SeatingRefused, seat_at_random, table_sizes

GAMES = [
    ("mexican-train", None),
    ("oll", "full"),
    ("oll", "even"),
    ("oll", "odd"),
    ("derailing", None),
    ("number-9", "standard"),
    ("number-9", "tournament"),
]


def seatable(slug, variant, players):
    """Can `players` sit at some number of tables, each within the range, sizes at most
    one apart? Tried table count by table count, nothing clever."""
    span = rulesets.get(slug).player_range(variant)
    for tables in range(1, players + 1):
        sizes = {players // tables, -(-players // tables)}
        if all(size in span for size in sizes):
            return tables
    return None


@pytest.mark.parametrize(("slug", "variant"), GAMES)
def test_it_seats_2_to_30_players_at_the_fewest_tables_that_keep_the_player_range(slug, variant):
    ruleset = rulesets.get(slug)
    span = ruleset.player_range(variant)
    seated = 0
    for players in range(2, 31):
        fewest = seatable(slug, variant, players)
        if fewest is None:
            with pytest.raises(SeatingRefused):
                table_sizes(ruleset, variant, players)
            continue
        sizes = table_sizes(ruleset, variant, players)
        assert sum(sizes) == players
        assert len(sizes) == fewest, players
        assert all(size in span for size in sizes), (players, sizes)
        assert max(sizes) - min(sizes) <= 1, (players, sizes)
        assert sizes == sorted(sizes, reverse=True), "bigger tables come first"
        seated += 1
    assert seated == (29 if span != range(6, 7) else 5)  # tournament: 6, 12, 18, 24, 30


@pytest.mark.parametrize(
    ("slug", "variant", "players", "sizes"),
    [
        ("mexican-train", None, 2, [2]),
        ("mexican-train", None, 8, [8]),
        ("mexican-train", None, 9, [5, 4]),
        ("mexican-train", None, 11, [6, 5]),
        ("mexican-train", None, 17, [6, 6, 5]),
        ("oll", "even", 30, [8, 8, 7, 7]),
        ("derailing", None, 16, [8, 8]),
        ("number-9", "standard", 6, [3, 3]),
        ("number-9", "standard", 11, [4, 4, 3]),
        ("number-9", "standard", 30, [5, 5, 5, 5, 5, 5]),
        ("number-9", "tournament", 6, [6]),
        ("number-9", "tournament", 18, [6, 6, 6]),
    ],
)
def test_it_gives_the_sizes_an_organiser_would_pick(slug, variant, players, sizes):
    assert table_sizes(rulesets.get(slug), variant, players) == sizes


def test_it_keeps_a_table_count_that_works():
    mexican = rulesets.get("mexican-train")
    assert table_sizes(mexican, None, 12, tables=3) == [4, 4, 4]
    assert table_sizes(mexican, None, 11, tables=5) == [3, 2, 2, 2, 2]
    assert table_sizes(mexican, None, 8, tables=1) == [8]


@pytest.mark.parametrize(
    ("slug", "variant", "players", "tables", "argument", "sentence"),
    [
        (
            "mexican-train",
            None,
            1,
            None,
            "players",
            "Mexican Train needs at least 2 players at a table; add 1 more (you have 1).",
        ),
        (
            "oll",
            None,
            0,
            2,
            "players",
            "OLL Train needs at least 2 players at a table; add 2 more (you have 0).",
        ),
        (
            "mexican-train",
            None,
            70,
            2,
            "tables",
            "Mexican Train seats 2 to 8 players at a table, so 70 players need 9 to 35 "
            "tables; you asked for 2.",
        ),
        (
            "mexican-train",
            None,
            5,
            3,
            "tables",
            "Mexican Train seats 2 to 8 players at a table, so 5 players need 1 to 2 tables; "
            "you asked for 3.",
        ),
        (
            "number-9",
            "tournament",
            12,
            3,
            "tables",
            "The tournament game of Number 9 Train seats exactly 6 players at a table, so "
            "12 players need 2 tables; you asked for 3.",
        ),
        (
            "number-9",
            "tournament",
            13,
            None,
            "players",
            "The tournament game of Number 9 Train seats exactly 6 players at every table, "
            "so 13 players cannot be split into tables; 12 or 18 can.",
        ),
        (
            "number-9",
            "tournament",
            4,
            None,
            "players",
            "The tournament game of Number 9 Train needs at least 6 players at a table; "
            "add 2 more (you have 4).",
        ),
        (
            "derailing",
            None,
            9,
            0,
            "tables",
            "Ask for at least 1 table (9 players need 2 to 4 tables), or leave it empty.",
        ),
    ],
)
def test_it_refuses_what_cannot_work_and_says_what_would(
    slug, variant, players, tables, argument, sentence
):
    with pytest.raises(SeatingRefused) as refused:
        table_sizes(rulesets.get(slug), variant, players, tables)
    assert refused.value.argument == argument
    assert str(refused.value) == sentence


def test_it_draws_every_player_into_exactly_one_seat():
    players = [f"P{n}" for n in range(11)]
    tables = seat_at_random(players, [6, 5], rng=random.Random(4))
    assert [len(t) for t in tables] == [6, 5]
    assert sorted(p for table in tables for p in table) == sorted(players)


def test_it_draws_the_seats_at_random():
    players = list(range(12))
    draws = {
        tuple(map(tuple, seat_at_random(players, [6, 6], rng=random.Random(seed))))
        for seed in range(20)
    }
    assert len(draws) == 20


def test_it_refuses_to_draw_for_seats_that_do_not_match_the_players():
    with pytest.raises(ValueError):
        seat_at_random(["Ann", "Bob", "Cy"], [2, 2])
