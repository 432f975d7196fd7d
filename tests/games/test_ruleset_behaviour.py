"""Each ruleset's facts, as a scorekeeper meets them while keeping score."""

import pytest

from core.rejections import Rejected
from games.scorekeeping import Actor, end_game, record_round
from games.snapshot import load_board, snapshot
from games.starting import start_game
from players.models import Player
from rules.scoring import COMMUNITY_TRAIN, number_9_turn_points, went_out_by_derailing

KEEPER = Actor(by="scorekeeper key")


def new_game(ruleset, variant, *names):
    players = [Player.objects.create(name=n) for n in names]
    return start_game(ruleset=ruleset, variant=variant, players=players).game


def ids(game):
    return [s.player_id for s in game.seats.all()]


def save(game, number, points, engine=None):
    scores = {str(pid): p for pid, p in zip(ids(game), points, strict=True)}
    game.refresh_from_db()
    record_round(
        game=game, number=number, scores=scores, engine=engine, version=game.version, actor=KEEPER
    )


def finish(game):
    game.refresh_from_db()
    end_game(game=game, version=game.version, actor=KEEPER)
    return snapshot(load_board(game))


def test_it_runs_an_even_oll_game_on_the_even_engines_in_order(db):
    game = new_game("oll", "even", "Ann", "Bob", "Cy")
    offered = []
    for number in range(1, 8):
        board = load_board(game)
        assert board.next_round == number
        engines = board.table.engines_left(board.engines_used)
        offered.append(engines)
        save(game, number, [number, 0, 2 * number], engine=engines[0])
    assert offered == [(12,), (10,), (8,), (6,), (4,), (2,), (0,)]
    snap = snapshot(load_board(game))
    assert snap["schedule"] == [12, 10, 8, 6, 4, 2, 0]
    assert [r["engine"] for r in snap["rounds"]] == [12, 10, 8, 6, 4, 2, 0]
    assert load_board(game).next_round is None


def test_it_refuses_an_eighth_round_of_the_even_oll_game(db):
    game = new_game("oll", "even", "Ann", "Bob")
    for number, engine in enumerate([12, 10, 8, 6, 4, 2, 0], start=1):
        save(game, number, [1, 2], engine=engine)
    with pytest.raises(Rejected) as refused:
        save(game, 8, [1, 2], engine=0)
    assert refused.value.errors == {
        "number": "All 7 rounds of this game are saved; end the game or correct a round."
    }
    assert len(snapshot(load_board(game))["rounds"]) == 7


def test_it_refuses_an_oll_engine_out_of_order(db):
    game = new_game("oll", "even", "Ann", "Bob")
    with pytest.raises(Rejected) as refused:
        save(game, 1, [1, 2], engine=11)
    assert refused.value.errors == {"engine": "Round 1 starts from the 12|12, not the 11|11."}


def test_it_gives_number_9_to_the_highest_total(db):
    game = new_game("number-9", None, "Ann", "Bob", "Cy")
    sweep = number_9_turn_points(sweep_from="hub", captured=7)
    save(game, 1, [number_9_turn_points(dominoes=3, started_train_at_hub=True), sweep, 4])
    save(game, 2, [number_9_turn_points(dominoes=2), 0, 30])
    snap = finish(game)
    totals = {p["id"]: p["total"] for p in snap["players"]}
    assert snap["ruleset"]["lower_wins"] is False
    assert snap["winners"] == [max(totals, key=totals.get)]
    assert snap["winners"] == [ids(game)[1]]


def test_it_gives_mexican_train_to_the_lowest_total(db):
    game = new_game("mexican-train", None, "Ann", "Bob", "Cy")
    save(game, 1, [20, 0, 5], engine=7)
    snap = finish(game)
    assert snap["winners"] == [ids(game)[1]]


@pytest.mark.parametrize(
    ("ruleset", "points", "engine"),
    [("mexican-train", [4, 9, 4], 12), ("number-9", [30, 12, 30], None)],
)
def test_it_shares_the_win_on_a_tie(db, ruleset, points, engine):
    game = new_game(ruleset, None, "Ann", "Bob", "Cy")
    save(game, 1, points, engine=engine)
    snap = finish(game)
    ann, bob, cy = ids(game)
    assert snap["winners"] == [ann, cy]
    assert [p["place"] for p in snap["players"]] == [1, 3, 1]


def derailing_hands(game):
    """Round 1 of a four-player Derailing game: the pips left in each hand."""
    table = load_board(game).table
    return [
        0,  # Ann went out
        table.pip_count([(1, 2), (3, 3)]),
        table.pip_count([(0, 0), (4, 6)]),
        table.pip_count([(9, 8)]),
    ]


def penalised(game, hands, extra):
    """Each hand plus the extra points the Derailing helper gave that player."""
    return [h + extra.get(pid, 0) for pid, h in zip(ids(game), hands, strict=True)]


def test_it_adds_a_derailed_train_penalty_to_its_owner(db):
    game = new_game("derailing", None, "Ann", "Bob", "Cy", "Dee")
    ann, bob, cy, dee = ids(game)
    hands = derailing_hands(game)
    extra = went_out_by_derailing(ids(game), went_out=ann, derailed=cy, last_tile=(5, 5))
    save(game, 1, penalised(game, hands, extra), engine=9)
    saved = snapshot(load_board(game))["rounds"][0]["scores"]
    assert saved == {str(ann): 0, str(bob): 9, str(cy): 10 + 10, str(dee): 17}


def test_it_adds_a_derailed_community_train_penalty_to_everyone_else(db):
    game = new_game("derailing", None, "Ann", "Bob", "Cy", "Dee")
    ann, bob, cy, dee = ids(game)
    hands = derailing_hands(game)
    extra = went_out_by_derailing(
        ids(game), went_out=ann, derailed=COMMUNITY_TRAIN, last_tile=(4, 4)
    )
    save(game, 1, penalised(game, hands, extra), engine=9)
    snap = snapshot(load_board(game))
    assert snap["rounds"][0]["scores"] == {str(ann): 0, str(bob): 17, str(cy): 18, str(dee): 25}
    assert [p["total"] for p in snap["players"]] == [0, 17, 18, 25]


def test_it_adds_nothing_for_a_player_who_doubled_out(db):
    game = new_game("derailing", None, "Ann", "Bob", "Cy", "Dee")
    ann, _, cy, _ = ids(game)
    extra = went_out_by_derailing(
        ids(game), went_out=ann, derailed=cy, last_tile=(5, 5), doubled_out=True
    )
    hands = derailing_hands(game)
    save(game, 1, penalised(game, hands, extra), engine=9)
    assert [p["total"] for p in snapshot(load_board(game))["players"]] == hands
