"""Placement points at one table (no database): n for 1st down to 1 for last, ties sharing
the points of the places they tie for; rounds won are the round's best score."""

import pytest

from tournaments.placement import placement_points, places, rounds_won, table_result


def test_it_gives_n_points_to_first_down_to_1_for_last():
    totals = {"Ann": 12, "Bob": 40, "Cy": 7, "Di": 95}
    assert placement_points(totals, lower_wins=True) == {"Cy": 4, "Ann": 3, "Bob": 2, "Di": 1}


def test_the_highest_total_is_first_where_it_wins():
    totals = {"Ann": 12, "Bob": 40, "Cy": 7}
    assert placement_points(totals, lower_wins=False) == {"Bob": 3, "Ann": 2, "Cy": 1}


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        # Two level for 2nd and 3rd of four: (3 + 2) / 2 each.
        ({"A": 5, "B": 9, "C": 9, "D": 20}, {"A": 4, "B": 2.5, "C": 2.5, "D": 1}),
        # Three level for 1st of six: (6 + 5 + 4) / 3.
        (
            {"A": 0, "B": 0, "C": 0, "D": 3, "E": 4, "F": 4},
            {"A": 5, "B": 5, "C": 5, "D": 3, "E": 1.5, "F": 1.5},
        ),
        # Everyone level at five: (5 + 4 + 3 + 2 + 1) / 5.
        ({n: 10 for n in "ABCDE"}, {n: 3 for n in "ABCDE"}),
    ],
)
def test_level_players_share_the_points_of_the_places_they_tie_for(totals, expected):
    points = placement_points(totals, lower_wins=True)
    assert points == expected
    assert sum(points.values()) == len(totals) * (len(totals) + 1) / 2


def test_level_totals_share_the_better_place():
    assert places({"A": 5, "B": 9, "C": 9, "D": 20}, lower_wins=True) == {
        "A": 1,
        "B": 2,
        "C": 2,
        "D": 4,
    }


def test_a_round_is_won_by_its_best_score_and_shared_when_level():
    rounds = [{"A": 0, "B": 7, "C": 9}, {"A": 5, "B": 0, "C": 0}, {"A": 3, "B": 8, "C": 12}]
    assert rounds_won(rounds, lower_wins=True) == {"A": 2, "B": 1, "C": 1}
    assert rounds_won(rounds, lower_wins=False) == {"A": 1, "B": 0, "C": 2}


def test_a_table_result_lists_everyone_best_first_with_rounds_played():
    rounds = [{"A": 10, "B": 0, "C": 4}, {"A": 0, "B": 20, "C": 4}]
    result = table_result({"A": 10, "B": 20, "C": 8}, rounds, lower_wins=True)
    assert [(r.player, r.place, r.points, r.rounds, r.rounds_won) for r in result] == [
        ("C", 1, 3, 2, 0),
        ("A", 2, 2, 2, 1),
        ("B", 3, 1, 2, 1),
    ]
