"""Heats, then a final (no database): the best of each table go on, stages repeat until
the players left fit one table, and the best of the others fill short seats."""

import pytest

from tournaments.placement import Played
from tournaments.seating.heats import NextSeats, fillers, going_on, next_seats


def played(player, place, total=50, rounds=5, won=0):
    return Played(player=player, total=total, rounds=rounds, rounds_won=won, place=place, points=0)


def test_the_best_of_each_table_go_on_and_players_level_at_the_cut_all_go():
    table = [played("A", 1), played("B", 2), played("C", 2), played("D", 4)]
    assert going_on(table, 1) == ["A"]
    assert going_on(table, 2) == ["A", "B", "C"]


@pytest.mark.parametrize(
    ("players", "sizes", "expected"),
    [
        (4, range(4, 7), NextSeats(seats=4, final=True)),  # 23 at 4–6, one from each of 4
        (6, range(4, 7), NextSeats(seats=6, final=True)),
        (3, range(4, 7), NextSeats(seats=4, final=True)),  # one seat to fill
        (2, range(4, 7), NextSeats(seats=4, final=True)),
        (8, range(4, 7), NextSeats(seats=8, final=False)),  # another heat: 2 tables of 4
        (7, range(4, 7), NextSeats(seats=8, final=False)),  # 7 do not split into 4–6
        (7, range(4, 5), NextSeats(seats=8, final=False)),
        (9, range(4, 5), NextSeats(seats=12, final=False)),
    ],
)
def test_the_next_stage_is_the_final_once_the_players_fit_one_table(players, sizes, expected):
    assert next_seats(players, sizes) == expected


def test_short_seats_go_to_the_best_average_per_round_then_the_better_place():
    others = [
        played("A", 2, total=60, rounds=6),  # 10 a round
        played("B", 3, total=45, rounds=5),  # 9
        played("C", 2, total=45, rounds=5),  # 9, but 2nd at the table: before B
        played("D", 2, total=88, rounds=8),  # 11
    ]
    assert fillers(others, 2, lower_wins=True) == ["C", "B"]
    assert fillers(others, 1, lower_wins=False) == ["D"]
    assert fillers(others, 0, lower_wins=True) == []
