"""A game's last round: a game may play only its schedule's first rounds, and when time is
called (or the first save after its deadline calls it) the round in play becomes its last;
saving it ends the game on the rounds played."""

import datetime

import pytest
from django.utils import timezone

from core.rejections import Conflict, Rejected
from games.models import Change, Game
from games.scorekeeping import Actor, call_time, record_round, set_deadline
from games.snapshot import load_board, snapshot
from games.starting import start_game
from tests.factories import play_out, points, register

CLOCK = Actor(by="time limit")
MINUTE = datetime.timedelta(minutes=1)


@pytest.fixture
def game(db):
    return start_game(ruleset="oll", variant="full", players=register("Ann", "Bob", "Cy")).game


def test_a_game_of_its_first_rounds_plans_only_those_and_refuses_one_more(db):
    game = start_game(ruleset="oll", variant="full", players=register("Ann", "Bob"), rounds=4).game
    assert snapshot(load_board(game))["schedule"] == [12, 11, 10, 9]
    game = play_out(game, [0, 5], [5, 0], [3, 9], [0, 1], end=False)
    assert load_board(game).next_round is None
    with pytest.raises(Rejected) as refused:
        record_round(
            game=game, number=5, scores=points(game, 0, 0), engine=8, version=game.version,
            actor=CLOCK,
        )  # fmt: skip
    assert refused.value.errors["number"] == (
        "All 4 rounds of this game are saved; end the game or correct a round."
    )


def test_more_rounds_than_the_schedule_has_are_refused(db):
    with pytest.raises(Rejected) as refused:
        start_game(ruleset="oll", variant="odd", players=register("Ann", "Bob"), rounds=7)
    assert refused.value.errors == {
        "rounds": "OLL Train has 6 rounds at a table of 2; ask for 6 or fewer."
    }


def test_an_open_ended_game_of_three_rounds_ends_its_schedule_after_three(db):
    game = start_game(
        ruleset="number-9", variant=None, players=register("Ann", "Bob"), rounds=3
    ).game
    game = play_out(game, [10, 4], [0, 12], [7, 7], end=False)
    assert load_board(game).next_round is None


def test_time_called_makes_the_round_in_play_the_last_and_saving_it_ends_the_game(game):
    game = play_out(game, [0, 12, 30], [5, 0, 9], end=False)
    board = call_time(game=game, round_in_play=3, actor=CLOCK)
    game.refresh_from_db()
    assert (game.last_round, game.is_finished) == (3, False)
    assert game.time_called is not None
    assert "Time is up: round 3 is the last; the game ends when it is saved." in board.html
    assert snapshot(board)["schedule"] == [12, 11, 10]

    game = play_out(game, [1, 2, 3], end=False)

    assert game.is_finished
    board = load_board(game)
    assert [s.total for s in board.standings] == [6, 14, 42]
    assert board.winners == [game.seats.get(player__name="Ann").player_id]
    kinds = list(game.changes.order_by("version").values_list("kind", flat=True))
    assert kinds[-3:] == [Change.Kind.TIME, Change.Kind.SAVE, Change.Kind.END]
    with pytest.raises(Conflict):
        record_round(
            game=game, number=4, scores=points(game, 0, 0, 0), engine=9, version=game.version,
            actor=CLOCK,
        )  # fmt: skip


def test_time_called_after_the_round_in_play_was_saved_ends_the_game_at_once(game):
    game = play_out(game, [0, 12, 30], [5, 0, 9], end=False)
    call_time(game=game, round_in_play=1, actor=CLOCK)  # never fewer than the rounds saved
    game.refresh_from_db()
    assert game.is_finished
    assert (game.last_round, len(load_board(game).rounds)) == (2, 2)


def test_time_called_twice_or_on_a_finished_game_changes_nothing(game):
    game = play_out(game, [0, 12, 30], end=False)
    call_time(game=game, round_in_play=2, actor=CLOCK)
    game.refresh_from_db()
    version = game.version
    call_time(game=game, round_in_play=5, actor=CLOCK)
    game.refresh_from_db()
    assert (game.version, game.last_round) == (version, 2)


def test_the_first_save_after_a_games_deadline_calls_time_and_is_kept(game):
    game = play_out(game, [0, 12, 30], [5, 0, 9], end=False)
    # The two rounds were saved a while ago; the deadline passed since.
    now = timezone.now()
    game.changes.update(at=now - 10 * MINUTE)
    Game.objects.filter(pk=game.pk).update(deadline=now - 5 * MINUTE)
    game.refresh_from_db()
    seen = game.version

    board = record_round(
        game=game, number=3, scores=points(game, 1, 2, 3), engine=10, version=seen, actor=CLOCK
    )

    game.refresh_from_db()
    assert (game.last_round, game.is_finished) == (3, True)  # round 3 was in play
    assert [r.number for r in board.rounds] == [1, 2, 3]
    kinds = list(game.changes.order_by("version").values_list("kind", flat=True))
    assert kinds[-3:] == [Change.Kind.TIME, Change.Kind.SAVE, Change.Kind.END]


def test_a_deadline_still_to_come_changes_nothing(game):
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + 5 * MINUTE)
    game = play_out(game, [0, 12, 30], [5, 0, 9], end=False)
    assert (game.last_round, game.time_called, game.is_finished) == (None, None, False)


def test_a_table_shortened_below_its_last_round_plays_its_whole_schedule(db):
    # Derailing at 5 players has 13 rounds (double-12); at 4, 10 (double-9).
    game = start_game(
        ruleset="derailing", variant=None, players=register("A", "B", "C", "D", "E"), rounds=12
    ).game
    assert game.table(5).rounds == 12
    # A player moved away before the first save: the table is dealt from a double-9 set.
    Game.objects.filter(pk=game.pk).update(set_size=9)
    game.refresh_from_db()
    assert game.table(4).rounds == 10


def test_a_deadline_set_shows_on_every_screen_until_time_is_called(game):
    deadline = timezone.now() + 30 * MINUTE
    board = set_deadline(game=game, deadline=deadline, actor=CLOCK)
    when = timezone.localtime(deadline).strftime("%H:%M")
    assert f"Time is up at {when}: the round then being played is the last." in board.html
    assert board.game.version == 2  # every screen is sent the new board
    board = call_time(game=game, round_in_play=1, actor=CLOCK)
    assert "Time is up at" not in board.html
    assert "Time is up: round 1 is the last; the game ends when it is saved." in board.html
