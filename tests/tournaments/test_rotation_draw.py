"""Rotation's draw (no database): each game seated so players meet as few earlier
opponents as possible, a pair meeting a third time costing more than two pairs meeting
a second time."""

import random
import statistics

import pytest

from tournaments.seating.rotation import cost, draw, meetings, pair, repeats


def play(players, sizes, games, seed):
    rng = random.Random(seed)
    seatings = []
    for _ in range(games):
        seatings.append(draw(players, sizes, meetings(seatings), rng=rng))
    return seatings


def random_draw(players, sizes, rng):
    shuffled = list(players)
    rng.shuffle(shuffled)
    tables, start = [], 0
    for size in sizes:
        tables.append(shuffled[start : start + size])
        start += size
    return tables


def test_a_pair_meeting_a_third_time_costs_more_than_two_pairs_meeting_a_second_time():
    met = meetings([[["A", "B", "C"]], [["A", "B", "D"]], [["C", "D", "E"]]])
    assert met[pair("A", "B")] == 2
    third_time = cost([["A", "B"]], met)
    two_second_times = cost([["A", "C"], ["D", "E"]], met)
    assert third_time > two_second_times > 0


def test_each_table_keeps_its_size_and_everyone_sits_once():
    players = [f"P{n}" for n in range(1, 24)]
    seating = draw(players, [6, 6, 6, 5], meetings([]), rng=random.Random(3))
    assert [len(t) for t in seating] == [6, 6, 6, 5]
    assert sorted(p for t in seating for p in t) == sorted(players)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_18_players_at_tables_of_3_never_meet_twice_in_3_games(seed):
    players = [f"P{n}" for n in range(1, 19)]
    seatings = play(players, [3] * 6, 3, seed)
    assert max(meetings(seatings).values()) == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_18_players_at_tables_of_6_meet_again_as_little_as_possible(seed):
    players = [f"P{n}" for n in range(1, 19)]
    rng = random.Random(seed)
    first = draw(players, [6, 6, 6], meetings([]), rng=rng)
    second = draw(players, [6, 6, 6], meetings([first]), rng=rng)
    # Worked by hand: a table of 6 in game 2 takes its players from game 1's three tables,
    # at best two from each, so at least 3 pairs meet again per table, 9 in all.
    assert len(repeats(second, meetings([first]))) == 9
    met = meetings([first, second])
    third = draw(players, [6, 6, 6], met, rng=rng)
    # Nobody meets anyone a third time, and the draw costs less than 200 random ones'
    # average and no more than the best of them.
    assert {r.times for r in repeats(third, met)} == {1}
    at_random = [cost(random_draw(players, [6, 6, 6], rng), met) for _ in range(200)]
    assert cost(third, met) < statistics.mean(at_random)
    assert cost(third, met) <= min(at_random)


def test_repeats_name_the_pairs_and_how_often_they_met():
    met = meetings([[["A", "B", "C"], ["D", "E", "F"]]])
    found = repeats([["A", "B", "D"], ["C", "E", "F"]], met)
    assert [(r.table, set(r.players), r.times) for r in found] == [
        (0, {"A", "B"}, 1),
        (1, {"E", "F"}, 1),
    ]
