"""Rotation's plan for the rest of the day (no database): every game left seated at once,
from a perfect design where the numbers allow one, else by a search over the whole plan;
games played are kept, and a change of entrants re-plans only the games to come."""

import copy
import random
import statistics

import pytest

from rules.seating import even_sizes
from tournaments.seating.designs import perfect_games
from tournaments.seating.finite_fields import ring
from tournaments.seating.rotation import meetings
from tournaments.seating.schedule import game_by_game, plan, preview


def names(count):
    return [f"P{n}" for n in range(1, count + 1)]


def seated_once(seating, players, sizes):
    return [len(t) for t in seating] == list(sizes) and sorted(
        p for t in seating for p in t
    ) == sorted(players)


@pytest.mark.parametrize(
    ("entrants", "size", "games"),
    [(16, 4, 5), (25, 5, 6), (36, 6, 3), (64, 8, 4)],
    ids=["16 at tables of 4 over 5", "25 at 5 over 6", "36 at 6 over 3", "64 at 8 over 4"],
)
def test_nobody_meets_anyone_twice_where_a_perfect_schedule_exists(entrants, size, games):
    players = names(entrants)
    sizes = [size] * (entrants // size)
    planned = plan(players, sizes, games, rng=random.Random(7))
    assert len(planned) == games
    assert all(seated_once(seating, players, sizes) for seating in planned)
    assert max(meetings(planned).values()) == 1
    assert preview([], planned).whole_plan == 0


def test_the_plan_meets_again_less_than_the_game_by_game_draw_with_tables_of_4_to_5():
    players = names(23)
    sizes = even_sizes(range(4, 6), 23)
    planned, drawn = [], []
    for seed in range(20):
        planned.append(preview([], plan(players, sizes, 5, rng=random.Random(seed))).whole_plan)
        drawn.append(
            preview([], game_by_game(players, sizes, 5, rng=random.Random(seed))).whole_plan
        )
    assert statistics.median(planned) < statistics.median(drawn)
    assert max(planned) == 0


def test_the_search_beats_the_game_by_game_draw_where_no_design_covers_the_day():
    # 30 at 6 tables of 5 over 5 games: the plane over 6 elements gives 2 games, not 5.
    players = names(30)
    sizes = [5] * 6
    planned = [
        preview([], plan(players, sizes, 5, rng=random.Random(seed), seconds=60)).whole_plan
        for seed in range(5)
    ]
    drawn = [
        preview([], game_by_game(players, sizes, 5, rng=random.Random(seed))).whole_plan
        for seed in range(5)
    ]
    assert statistics.median(planned) < statistics.median(drawn)


def test_one_seed_gives_one_plan():
    players, sizes = names(30), [5] * 6
    # A roomy time limit: the swaps' count, not a loaded machine's clock, ends the search.
    first = plan(players, sizes, 4, rng=random.Random(3), seconds=60)
    assert plan(players, sizes, 4, rng=random.Random(3), seconds=60) == first


def test_a_withdrawal_after_game_2_replans_games_3_to_5_and_keeps_games_1_and_2():
    players = names(16)
    day = plan(players, [4] * 4, 5, rng=random.Random(1))
    played = copy.deepcopy(day[:2])
    staying = [p for p in players if p != "P5"]
    rest = plan(staying, [4, 4, 4, 3], 3, played=day[:2], start=day[2:], rng=random.Random(2))
    assert day[:2] == played  # games 1 and 2 as they were played
    assert len(rest) == 3
    assert all(seated_once(seating, staying, [4, 4, 4, 3]) for seating in rest)
    # The design's games 3-5 with one seat empty: still nobody meets anyone twice, and
    # everybody else keeps the table companions the plan gave them.
    assert max(meetings([*played, *rest]).values()) == 1
    for before, after in zip(day[2:], rest, strict=True):
        assert tables_as_sets(after) == tables_as_sets(
            [[p for p in t if p != "P5"] for t in before]
        )


def tables_as_sets(seating):
    return sorted(sorted(table) for table in seating)


def test_a_late_entrant_joins_the_games_to_come_and_the_games_played_stay():
    players = names(16)
    day = plan(players, [4] * 4, 5, rng=random.Random(4))
    joined = [*players, "Late"]
    rest = plan(joined, [5, 4, 4, 4], 3, played=day[:2], start=day[2:], rng=random.Random(5))
    assert all(seated_once(seating, joined, [5, 4, 4, 4]) for seating in rest)
    assert all(any("Late" in t for t in seating) for seating in rest)
    # Who played games 1 and 2 together is counted: the late entrant's table meets
    # someone again at most once per game.
    assert preview(day[:2], rest).whole_plan <= 3


def test_after_games_played_without_a_plan_the_search_seats_the_rest():
    players = names(18)
    played = game_by_game(players, [6, 6, 6], 1, rng=random.Random(1))
    rest = plan(players, [6, 6, 6], 2, played=played, rng=random.Random(1))
    assert all(seated_once(seating, players, [6, 6, 6]) for seating in rest)
    # Worked by hand: a table of 6 in game 2 takes at best two from each of game 1's
    # three tables, so at least 9 pairs meet again in game 2 (and no pair a third time).
    assert preview(played, rest).next_game == 9
    assert max(meetings([*played, *rest]).values()) == 2


def test_the_preview_counts_the_next_games_repeats_and_the_whole_plans():
    played = [[["A", "B"], ["C", "D"]]]
    planned = [[["A", "B"], ["C", "D"]], [["A", "C"], ["B", "D"]], [["A", "B"], ["C", "D"]]]
    # Game 2: A-B and C-D again (2); game 3: none; game 4: A-B and C-D again (2).
    assert preview(played, planned).next_game == 2
    assert preview(played, planned).whole_plan == 4


@pytest.mark.parametrize("q", [4, 8, 9, 16, 27])
def test_the_fields_of_prime_power_order_have_every_inverse(q):
    # GF(4), GF(8), GF(9): not the numbers mod q, where 2·2 = 0 mod 4.
    field = ring(q)
    for a in range(1, q):
        assert any(field.mul[a][b] == 1 for b in range(q)), a
    for a in range(q):
        assert sum(1 for b in range(q) if field.add[a][b] == 0) == 1


@pytest.mark.parametrize(
    ("sizes", "games"),
    [([4] * 4, 5), ([9] * 9, 10), ([5, 5, 5, 4, 4], 5), ([6] * 40, 5), ([3] * 7, 7), ([6] * 6, 3)],
)
def test_a_design_seats_everyone_once_per_game_and_nobody_twice_together(sizes, games):
    design = perfect_games(sizes)
    assert len(design) == games
    players = list(range(sum(sizes)))
    assert all(seated_once(seating, players, sizes) for seating in design)
    assert max(meetings(design).values()) == 1
