"""Progressive tables (no database): after a game the best of each table go up one
table and the worst down one; table 1's best and the last table's worst stay."""

import pytest

from tournaments.seating.progressive import cut, ladder, moved

# Four tables of four, each listed best first.
TABLES = [
    ["A1", "A2", "A3", "A4"],
    ["B1", "B2", "B3", "B4"],
    ["C1", "C2", "C3", "C4"],
    ["D1", "D2", "D3", "D4"],
]


def test_the_best_go_up_one_table_and_the_worst_down_one():
    assert moved(TABLES, 1) == [
        ["A1", "A2", "A3", "B1"],  # A1 stays on top; B1 comes up
        ["A4", "B2", "B3", "C1"],
        ["B4", "C2", "C3", "D1"],
        ["C4", "D2", "D3", "D4"],  # D4 stays at the foot
    ]


def test_two_move_from_each_table():
    assert moved(TABLES, 2) == [
        ["A1", "A2", "B1", "B2"],
        ["A3", "A4", "C1", "C2"],
        ["B3", "B4", "D1", "D2"],
        ["C3", "C4", "D3", "D4"],
    ]


def test_a_table_too_small_to_move_that_many_is_refused():
    with pytest.raises(ValueError):
        moved([["A1", "A2", "A3"], ["B1", "B2", "B3"]], 2)


def test_the_ladder_drops_who_withdrew_and_adds_late_entrants_at_its_foot():
    order = ladder(moved(TABLES, 1), leaving=["B2"], joining=["L1", "L2"])
    assert order[:4] == ["A1", "A2", "A3", "B1"]
    assert "B2" not in order
    assert order[-2:] == ["L1", "L2"]
    tables = cut(order, [5, 4, 4, 4])
    assert tables[0] == ["A1", "A2", "A3", "B1", "A4"]
    assert tables[-1] == ["D3", "D4", "L1", "L2"]


def test_with_nobody_leaving_or_joining_the_best_go_up_and_the_worst_down_one_table():
    tables = cut(ladder(moved(TABLES, 1)), [4, 4, 4, 4])
    now = {player: n for n, table in enumerate(tables) for player in table}
    last = len(TABLES) - 1
    expected = {}
    for n, (best, *middle, worst) in enumerate(TABLES):
        expected[best] = max(n - 1, 0)
        expected[worst] = min(n + 1, last)
        expected |= dict.fromkeys(middle, n)
    assert now == expected
    assert [table[0] for table in tables] == ["A1", "A4", "B4", "C4"]  # who came down leads
