"""Rotation played through the services and read through the API: each game's seats are
drawn anew to meet as few earlier opponents as possible, shown before they are kept; the
points add up across games, with ties, a withdrawal and a late arrival."""

import random
import statistics

from tests.factories import register, seated_names, stage_games, tournament_of
from tests.tournaments.kit import lines_of, medals_of, play_stage, read
from tournaments.entrants import add_entrant, withdraw
from tournaments.seating.rotation import cost, meetings, repeats
from tournaments.stages import draw_next_stage, seat_next_stage


def seatings(tournament) -> list[list[list[str]]]:
    """Every stage's tables, as names."""
    return [
        [seated_names(game) for game in stage_games(stage)]
        for stage in tournament.stages.select_related("night")
    ]


def everyone_scores(names, rounds=2) -> dict[str, list[int]]:
    return {name: [n % 7] * rounds for n, name in enumerate(names)}


def test_18_players_over_3_games_meet_fewer_earlier_opponents_than_a_random_draw(db, client):
    names = [f"R{n}" for n in range(1, 19)]
    new = tournament_of(names[:6], names[6:12], names[12:], table_size=(6, 6), games=3, rounds=2)
    tournament, rng = new.tournament, random.Random(7)
    scores = everyone_scores(names)
    play_stage(new.stage, scores)

    shown = draw_next_stage(tournament=tournament, rng=rng)
    # Worked by hand: game 2's tables of 6 each take players from game 1's three tables,
    # at best two from each, so at least 9 pairs meet again; the draw shows them.
    assert len(shown.repeats) == 9
    second = seat_next_stage(
        tournament=tournament, seats=[[p.pk for p in table] for table in shown.tables]
    )
    assert [seated_names(g) for g in stage_games(second.stage)] == [
        [p.name for p in table] for table in shown.tables
    ]
    play_stage(second.stage, scores)
    third = seat_next_stage(tournament=tournament, rng=rng)
    play_stage(third.stage, scores)

    played = seatings(tournament)
    met = meetings(played[:2])
    drawn = cost(played[2], met)
    at_random = []
    for _ in range(200):
        shuffled = random.Random(len(at_random)).sample(names, 18)
        at_random.append(cost([shuffled[:6], shuffled[6:12], shuffled[12:]], met))
    assert drawn < statistics.mean(at_random)
    assert {r.times for r in repeats(played[2], met)} == {1}  # nobody meets a third time
    answer = read(client, tournament.code)
    assert answer["status"] == "finished"
    assert [s["status"] for s in answer["stages"]] == ["finished"] * 3
    assert all(s["rounds"] == 6 for s in answer["standings"])


def test_18_players_at_tables_of_3_never_meet_anyone_twice(db):
    names = [f"T{n}" for n in range(1, 19)]
    tables = [names[i : i + 3] for i in range(0, 18, 3)]
    new = tournament_of(*tables, table_size=(3, 3), games=3, rounds=1)
    scores = everyone_scores(names, rounds=1)
    play_stage(new.stage, scores)
    for _ in range(2):
        stage = seat_next_stage(tournament=new.tournament, rng=random.Random(3)).stage
        play_stage(stage, scores)
    assert max(meetings(seatings(new.tournament)).values()) == 1


def test_points_ties_a_withdrawal_and_a_late_arrival_add_up_as_worked_by_hand(db, client):
    first = [["R1", "R2", "R3", "R4"], ["R5", "R6", "R7", "R8"]]
    new = tournament_of(*first, table_size=(4, 4), games=2, rounds=2)
    tournament = new.tournament
    # Game 1, two rounds a table (lowest total wins):
    #   table 1: R1 0+10=10, R2 10+0=10, R3 5+20=25, R4 30+30=60  → 3.5, 3.5, 2, 1 points
    #   table 2: R5 0+0=0, R6 20+5=25, R7 20+5=25, R8 10+50=60     → 4, 2.5, 2.5, 1
    play_stage(
        new.stage,
        {
            "R1": [0, 10], "R2": [10, 0], "R3": [5, 20], "R4": [30, 30],
            "R5": [0, 0], "R6": [20, 5], "R7": [20, 5], "R8": [10, 50],
        },
    )  # fmt: skip
    r8, r9 = register("R8", "R9")
    withdraw(tournament=tournament, player=r8)
    add_entrant(tournament=tournament, player=r9)
    answer = read(client, tournament.code)
    by_name = {line[0]: line for line in lines_of(answer)}
    assert by_name["R8"][-1] == "withdrawn"
    assert by_name["R9"][1:] == (9, 0, 0, 0.0, 0, "playing")

    shown = draw_next_stage(tournament=tournament)
    assert sorted(p.name for t in shown.tables for p in t) == [f"R{n}" for n in range(1, 8)] + [
        "R9"
    ]
    tables = [register("R1", "R5", "R6", "R9"), register("R2", "R3", "R4", "R7")]
    second = seat_next_stage(
        tournament=tournament, seats=[[p.pk for p in table] for table in tables]
    )
    # Game 2:
    #   table 1: R1 0+10=10, R5 0+20=20, R6 10+0=10, R9 0+0=0   → 2.5, 1, 2.5, 4
    #   table 2: R2 0+10=10, R3 10+0=10, R4 0+0=0, R7 40+40=80  → 2.5, 2.5, 4, 1
    play_stage(
        second.stage,
        {
            "R1": [0, 10], "R5": [0, 20], "R6": [10, 0], "R9": [0, 0],
            "R2": [0, 10], "R3": [10, 0], "R4": [0, 0], "R7": [40, 40],
        },
    )  # fmt: skip
    answer = read(client, tournament.code)

    assert answer["status"] == "finished"
    # (name, place, points, rounds, average per round, rounds won, status). R1 and R2 are
    # level on points, average and rounds won, so they share 1st. R5, R6 and R4 have 5
    # points each and go by average. R8 withdrew after game 1 and keeps its results; R9
    # arrived late and played game 2 only.
    assert lines_of(answer) == [
        ("R1", 1, 6, 4, 5.0, 2, "playing"),
        ("R2", 1, 6, 4, 5.0, 2, "playing"),
        ("R5", 3, 5, 4, 5.0, 3, "playing"),
        ("R6", 4, 5, 4, 8.75, 1, "playing"),
        ("R4", 5, 5, 4, 15.0, 2, "playing"),
        ("R3", 6, 4.5, 4, 8.75, 1, "playing"),
        ("R9", 7, 4, 2, 0.0, 2, "playing"),
        ("R7", 8, 3.5, 4, 26.25, 0, "playing"),
        ("R8", 9, 1, 2, 30.0, 0, "withdrawn"),
    ]
    assert medals_of(answer) == [(None, 1, "R1"), (None, 1, "R2"), (None, 3, "R5")]
