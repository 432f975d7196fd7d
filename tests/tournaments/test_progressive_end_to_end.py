"""Progressive tables played through the services and read through the API: 4 tables over
3 games, the best of each table moving up one and the worst down one."""

from tests.factories import register, seated_names, stage_games, tournament_of
from tests.tournaments.kit import lines_of, medals_of, play_stage, read
from tournaments.entrants import add_entrant, withdraw
from tournaments.stages import seat_next_stage

NAMES = [f"Q{n}" for n in range(1, 17)]
# One round a game; a player's score is their number, so Q1 is the best anywhere.
SCORES = {name: [int(name[1:])] for name in NAMES}


def tables(stage) -> list[list[str]]:
    return [seated_names(game) for game in stage_games(stage)]


def test_4_tables_over_3_games_move_the_right_players(db, client):
    # The best players start at the foot: they climb a table a game.
    first = [["Q13", "Q14", "Q15", "Q16"], ["Q9", "Q10", "Q11", "Q12"]]
    first += [["Q5", "Q6", "Q7", "Q8"], ["Q1", "Q2", "Q3", "Q4"]]
    new = tournament_of(*first, format="progressive", table_size=(4, 4), games=3, move=1, rounds=1)
    tournament = new.tournament
    play_stage(new.stage, SCORES)

    second = seat_next_stage(tournament=tournament)

    # Each table: who came down, who stayed (best first), who came up.
    assert tables(second.stage) == [
        ["Q13", "Q14", "Q15", "Q9"],  # Q13 is table 1's best and stays; Q16 goes down
        ["Q16", "Q10", "Q11", "Q5"],
        ["Q12", "Q6", "Q7", "Q1"],
        ["Q8", "Q2", "Q3", "Q4"],  # Q4 is the last table's worst and stays
    ]
    play_stage(second.stage, SCORES)
    third = seat_next_stage(tournament=tournament)
    assert tables(third.stage) == [
        ["Q9", "Q13", "Q14", "Q5"],
        ["Q15", "Q10", "Q11", "Q1"],
        ["Q16", "Q6", "Q7", "Q2"],
        ["Q12", "Q3", "Q4", "Q8"],
    ]
    play_stage(third.stage, SCORES)
    answer = read(client, tournament.code)

    assert answer["status"] == "finished"
    # Worked by hand (4 points for the best at a table of 4, down to 1):
    #   Q1: 1st, 1st, 1st = 12, total 3;   Q5: 1st, 1st, 1st = 12, total 15
    #   Q2: 2nd, 1st, 1st = 11, total 6;   Q9: 1st, 1st, 2nd = 11, total 27
    assert lines_of(answer)[:4] == [
        ("Q1", 1, 12, 3, 1.0, 3, "playing"),
        ("Q5", 2, 12, 3, 5.0, 3, "playing"),
        ("Q2", 3, 11, 3, 2.0, 2, "playing"),
        ("Q9", 4, 11, 3, 9.0, 2, "playing"),
    ]
    assert medals_of(answer) == [(None, 1, "Q1"), (None, 2, "Q5"), (None, 3, "Q2")]


def test_a_withdrawal_and_a_late_arrival_shift_the_ladder_below_the_gap(db):
    first = [["Q13", "Q14", "Q15", "Q16"], ["Q9", "Q10", "Q11", "Q12"]]
    first += [["Q5", "Q6", "Q7", "Q8"], ["Q1", "Q2", "Q3", "Q4"]]
    new = tournament_of(*first, format="progressive", table_size=(4, 4), games=3, move=1, rounds=1)
    play_stage(new.stage, SCORES)
    q13, q17 = register("Q13", "Q17")
    withdraw(tournament=new.tournament, player=q13)
    add_entrant(tournament=new.tournament, player=q17)

    second = seat_next_stage(tournament=new.tournament)

    # The moves give [Q13 Q14 Q15 Q9] [Q16 Q10 Q11 Q5] [Q12 Q6 Q7 Q1] [Q8 Q2 Q3 Q4]; Q13
    # leaves the ladder, everyone below steps up a place, and Q17 joins at its foot.
    assert tables(second.stage) == [
        ["Q14", "Q15", "Q9", "Q16"],
        ["Q10", "Q11", "Q5", "Q12"],
        ["Q6", "Q7", "Q1", "Q8"],
        ["Q2", "Q3", "Q4", "Q17"],
    ]
