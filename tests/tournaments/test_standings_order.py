"""The overall order across stages (no database): points, then average score per round
in the ruleset's better direction, then rounds won, then shared; heats-final by the
final, then the stage reached, then the average. Medals overall and per band."""

import pytest

from tournaments.placement import Played
from tournaments.standings import Entry, StageResult, medals, standings

# Each player's two games, as (points, total, rounds, rounds won): summed, they give
#        points  total  rounds  average  rounds won
#   A      7      50      5      10.0      1
#   B      7      60      5      12.0      3
#   C      5      55      5      11.0      2
#   D      5      55      5      11.0      1
#   E      4      30      5       6.0      0
#   F      4      30      5       6.0      0
GAMES = {
    "A": [(4, 30, 3, 1), (3, 20, 2, 0)],
    "B": [(3, 40, 3, 2), (4, 20, 2, 1)],
    "C": [(2, 33, 3, 1), (3, 22, 2, 1)],
    "D": [(3, 35, 3, 0), (2, 20, 2, 1)],
    "E": [(1, 18, 3, 0), (3, 12, 2, 0)],
    "F": [(2, 18, 3, 0), (2, 12, 2, 0)],
}


def played(player, points, total, rounds, won, place=1):
    return Played(
        player=player, total=total, rounds=rounds, rounds_won=won, place=place, points=points
    )


def two_games():
    return [
        StageResult(
            number=n + 1,
            seated=frozenset(GAMES),
            tables=[[played(p, *games[n]) for p, games in GAMES.items()]],
        )
        for n in range(2)
    ]


def entries(*names, bands=None, **extra):
    bands = bands or {}
    return [Entry(player=n, name=n, band=bands.get(n), **extra.get(n, {})) for n in names]


def summary(lines):
    return [(line.player, line.place, line.points, line.average, line.rounds_won) for line in lines]


@pytest.mark.parametrize("format", ["rotation", "progressive"])
def test_points_then_the_lower_average_then_rounds_won_then_shared(format):
    lines = standings(entries(*GAMES), two_games(), format=format, lower_wins=True)
    assert summary(lines) == [
        ("A", 1, 7, 10.0, 1),  # level with B on points, the better average
        ("B", 2, 7, 12.0, 3),
        ("C", 3, 5, 11.0, 2),  # level with D on points and average, more rounds won
        ("D", 4, 5, 11.0, 1),
        ("E", 5, 4, 6.0, 0),  # level with F on all three: they share 5th
        ("F", 5, 4, 6.0, 0),
    ]


def test_the_higher_average_comes_first_where_the_highest_total_wins():
    lines = standings(entries(*GAMES), two_games(), format="rotation", lower_wins=False)
    assert [(line.player, line.place) for line in lines] == [
        ("B", 1),
        ("A", 2),
        ("C", 3),
        ("D", 4),
        ("E", 5),
        ("F", 5),
    ]


def test_a_late_entrant_waits_last_and_playing_and_a_withdrawn_player_keeps_results():
    people = entries(*GAMES, "L", A={"withdrawn": True}, L={"joins": 3})
    lines = standings(people, two_games(), format="rotation", lower_wins=True)
    by_player = {line.player: line for line in lines}
    assert (by_player["A"].place, by_player["A"].points, by_player["A"].status) == (
        1,
        7,
        "withdrawn",
    )
    assert (by_player["L"].place, by_player["L"].rounds, by_player["L"].status) == (
        7,
        0,
        "playing",
    )
    assert lines[-1].player == "L"


def heats_and_final(withdrawn=()):
    """Heat 1 seats A–H and W; the final seats A–D: B wins it, A and C are level 2nd on
    total, and C's average over both games (31 / 7) beats A's (35 / 7)."""
    heat = [
        played("A", 4, 20, 4, 1, 1),
        played("B", 3, 24, 4, 1, 2),
        played("C", 4, 16, 4, 2, 1),
        played("D", 3, 28, 4, 0, 2),
        played("E", 2, 32, 4, 0, 3),  # average 8
        played("F", 2, 20, 4, 1, 3),  # average 5
        played("G", 1, 36, 4, 0, 4),  # average 9
        played("H", 1, 20, 4, 0, 4),  # average 5
        played("W", 2, 4, 4, 3, 3),  # average 1
    ]
    final = [
        played("B", 4, 10, 3, 2, 1),
        played("A", 2.5, 15, 3, 1, 2),
        played("C", 2.5, 15, 3, 0, 2),
        played("D", 1, 30, 3, 0, 4),
    ]
    return [
        StageResult(number=1, seated=frozenset("ABCDEFGHW"), tables=[heat]),
        StageResult(number=2, seated=frozenset("ABCD"), tables=[final], final=True),
    ]


BANDS = {"A": "60–69", "B": "70–79", "C": "60–69", "D": "70–79", "E": "60–69", "F": "80+"}


def test_heats_final_orders_by_the_final_then_the_stage_reached_then_the_average():
    people = entries(*"ABCDEFGHW", bands=BANDS, W={"withdrawn": True})
    lines = standings(people, heats_and_final(), format="heats-final", lower_wins=True)
    assert [(line.player, line.place, line.status) for line in lines] == [
        ("B", 1, "playing"),
        ("C", 2, "playing"),
        ("A", 3, "playing"),
        ("D", 4, "playing"),
        ("W", 5, "withdrawn"),  # out in heat 1 with the best average of those out
        ("F", 6, "out"),
        ("H", 6, "out"),
        ("E", 8, "out"),
        ("G", 9, "out"),
    ]


def test_players_sharing_a_place_share_its_medal_and_the_next_medal_is_skipped():
    table = [
        played("A", 4, 10, 2, 1, 1),
        played("B", 2.5, 20, 2, 1, 2),
        played("C", 2.5, 20, 2, 1, 2),
        played("D", 1, 40, 2, 0, 4),
    ]
    stage = StageResult(number=1, seated=frozenset("ABCD"), tables=[table])
    lines = standings(entries(*"ABCD"), [stage], format="rotation", lower_wins=True)
    won = [(m.place, m.line.player) for m in medals(lines, [])]
    assert won == [(1, "A"), (2, "B"), (2, "C")]


def test_medals_go_to_places_1_to_3_overall_and_within_each_band():
    people = entries(*"ABCDEFGHW", bands=BANDS, W={"withdrawn": True})
    lines = standings(people, heats_and_final(), format="heats-final", lower_wins=True)
    won = [(m.band, m.place, m.line.player) for m in medals(lines, ["60–69", "70–79", "80+"])]
    assert won == [
        (None, 1, "B"),
        (None, 2, "C"),
        (None, 3, "A"),
        ("60–69", 1, "C"),
        ("60–69", 2, "A"),
        ("60–69", 3, "E"),
        ("70–79", 1, "B"),
        ("70–79", 2, "D"),
        ("80+", 1, "F"),
    ]
