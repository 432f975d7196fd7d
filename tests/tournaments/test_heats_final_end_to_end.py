"""Heats, then a final, played through the services and read through the API: 23 players
at tables of 4–6 reach one final table, whose order gives the medals, overall and per band."""

import pytest

from core.rejections import Rejected
from tests.factories import register, seated_names, stage_games, tournament_of
from tests.tournaments.kit import lines_of, medals_of, play_by_name, play_stage, read
from tournaments.entrants import withdraw
from tournaments.stages import seat_next_stage

TABLES = [
    [f"H{n}" for n in range(1, 7)],
    [f"H{n}" for n in range(7, 13)],
    [f"H{n}" for n in range(13, 19)],
    [f"H{n}" for n in range(19, 24)],
]
STEPS = [0, 10, 20, 30, 40, 50]

# Three rounds at each heat table, lowest total wins. Worked by hand:
#   table 1: H1 10, H2 20, H3 40, H4 90, H5 120, H6 150        → H1 goes on
#   table 2: H7 15, H8 15, H9 40, H10 90, H11 120, H12 150     → H7 and H8, level, both go on
#   table 3: H13 0, H14 30, H15 60, H16 90, H17 120, H18 150   → H13
#   table 4: H19 0, H20 30, H21 60, H22 90, H23 120            → H19
HEATS = {
    "H1": [0, 5, 5], "H2": [10, 0, 10], "H3": [20, 20, 0],
    "H4": [30] * 3, "H5": [40] * 3, "H6": [50] * 3,
    "H7": [0, 10, 5], "H8": [0, 10, 5], "H9": [20, 20, 0],
    "H10": [30] * 3, "H11": [40] * 3, "H12": [50] * 3,
    **{f"H{13 + i}": [STEPS[i]] * 3 for i in range(6)},
    **{f"H{19 + i}": [STEPS[i]] * 3 for i in range(5)},
}  # fmt: skip
# The final, three rounds: H13 10, H7 15, H1 20, H19 20, H8 60.
FINAL = {
    "H13": [0, 5, 5],
    "H7": [5, 0, 10],
    "H1": [10, 10, 0],
    "H19": [10, 10, 0],
    "H8": [20, 20, 20],
}
BANDS = {"H13": "60–69", "H19": "60–69", "H14": "60–69", "H7": "70–79", "H1": "70–79"}
BANDS["H2"] = "70–79"


@pytest.fixture
def heats(db):
    return tournament_of(
        *TABLES,
        format="heats-final",
        table_size=(4, 6),
        rounds=3,
        bands_of=BANDS,
        bands=["60–69", "70–79", "80+"],
    )


def test_23_players_at_4_to_6_reach_one_final_table_and_its_medals(heats, client):
    tournament = heats.tournament
    assert [len(seated_names(g)) for g in stage_games(heats.stage)] == [6, 6, 6, 5]
    play_stage(heats.stage, HEATS)

    final = seat_next_stage(tournament=tournament)

    assert final.stage.final and final.stage.number == 2
    assert final.stage.night.name == "Spring open: Final"
    (game,) = stage_games(final.stage)
    assert sorted(seated_names(game)) == ["H1", "H13", "H19", "H7", "H8"]
    answer = read(client, tournament.code)
    assert answer["status"] == "seating"
    assert [(s["number"], s["status"]) for s in answer["stages"]] == [
        (1, "finished"),
        (2, "seated"),
    ]
    assert answer["medals"] == []

    play_by_name(game, FINAL)
    answer = read(client, tournament.code)

    assert answer["status"] == "finished"
    # Worked by hand. The final's order first: H1 and H19 are level on the final's total,
    # and H19's average over all six rounds (20 / 6) beats H1's (30 / 6). Then those out in
    # the heats by their average per round, level ones sharing a place. Points: the heat's
    # (6 down to 1 at six players; H7 and H8 share (6 + 5) / 2) plus the final's (5 down
    # to 1; H1 and H19 share (3 + 2) / 2). Rounds won: each round's lowest score, level
    # ones each (H7 and H8 shared two heat rounds; H1 and H19 the final's third).
    assert lines_of(answer)[:11] == [
        ("H13", 1, 11, 6, 1.67, 4, "playing"),
        ("H7", 2, 9.5, 6, 5.0, 3, "playing"),
        ("H19", 3, 7.5, 6, 3.33, 4, "playing"),
        ("H1", 4, 8.5, 6, 5.0, 2, "playing"),
        ("H8", 5, 6.5, 6, 12.5, 2, "playing"),
        ("H2", 6, 5, 3, 6.67, 1, "out"),
        ("H14", 7, 5, 3, 10.0, 0, "out"),
        ("H20", 7, 4, 3, 10.0, 0, "out"),
        ("H3", 9, 4, 3, 13.33, 1, "out"),
        ("H9", 9, 4, 3, 13.33, 1, "out"),
        ("H15", 11, 4, 3, 20.0, 0, "out"),
    ]
    assert [line[1] for line in lines_of(answer)[11:]] == [11, 13, 13, 13, 13] + [17] * 4 + [21] * 3
    assert medals_of(answer) == [
        (None, 1, "H13"),
        (None, 2, "H7"),
        (None, 3, "H19"),
        ("60–69", 1, "H13"),
        ("60–69", 2, "H19"),
        ("60–69", 3, "H14"),
        ("70–79", 1, "H7"),
        ("70–79", 2, "H1"),
        ("70–79", 3, "H2"),
    ]
    with pytest.raises(Rejected) as refused:
        seat_next_stage(tournament=tournament)
    assert refused.value.errors == {"stage": "The tournament is over: every stage has been played."}


def test_seating_early_names_the_heat_and_a_table_still_playing(heats):
    games = stage_games(heats.stage)
    for game in games[:3]:
        play_by_name(game, {name: HEATS[name] for name in seated_names(game)})
    with pytest.raises(Rejected) as refused:
        seat_next_stage(tournament=heats.tournament)
    assert refused.value.errors == {
        "stage": "Heat 1 is still being played: Table 4 has not finished. Seat the next stage "
        "once every table has ended."
    }
    assert heats.tournament.stages.count() == 1


def test_short_final_seats_go_to_the_best_average_of_the_others(db, client):
    # 12 players at tables of exactly 4: three heat winners, and the final seats 4.
    tables = [[f"S{t}{s}" for s in range(1, 5)] for t in range(1, 4)]
    new = tournament_of(*tables, format="heats-final", table_size=(4, 4), rounds=2)
    scores = {}
    for t, table in enumerate(tables):
        for s, name in enumerate(table):
            scores[name] = [s * 10 + t, s * 10 + t]
    # 2nd places: S12 20 (10 a round), S22 22 (11), S32 24 (12): S12 fills the seat.
    play_stage(new.stage, scores)
    final = seat_next_stage(tournament=new.tournament)
    (game,) = stage_games(final.stage)
    assert sorted(seated_names(game)) == ["S11", "S12", "S21", "S31"]


def test_more_players_than_one_table_after_a_heat_play_another_heat(db):
    tables = [[f"A{t}{s}" for s in range(1, 5)] for t in range(1, 5)]
    new = tournament_of(*tables, format="heats-final", table_size=(4, 4), rounds=1, advance=2)
    play_stage(new.stage, {f"A{t}{s}": [s] for t in range(1, 5) for s in range(1, 5)})
    second = seat_next_stage(tournament=new.tournament)
    assert not second.stage.final
    assert second.stage.night.name == "Spring open: Heat 2"
    going = sorted(n for g in stage_games(second.stage) for n in seated_names(g))
    assert going == sorted(f"A{t}{s}" for t in range(1, 5) for s in (1, 2))


def test_a_qualifier_who_withdraws_leaves_a_seat_the_next_best_fills(db):
    tables = [[f"S{t}{s}" for s in range(1, 5)] for t in range(1, 4)]
    new = tournament_of(*tables, format="heats-final", table_size=(4, 4), rounds=2)
    play_stage(new.stage, {name: [s * 10 + t] * 2 for t, table in enumerate(tables)
                           for s, name in enumerate(table)})  # fmt: skip
    withdraw(tournament=new.tournament, player=register("S11")[0])
    final = seat_next_stage(tournament=new.tournament)
    (game,) = stage_games(final.stage)
    # S21 and S31 won their heats; S12 (10 a round) and S22 (11) fill the two seats.
    assert sorted(seated_names(game)) == ["S12", "S21", "S22", "S31"]
