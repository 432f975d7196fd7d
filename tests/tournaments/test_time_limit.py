"""A time-limited stage: the clock starts when staff start it; when it runs out (the
clock is injected, nothing waits), the round in play at each table is the last, saving
it ends the game on the rounds played, and the API says time was called."""

import datetime

import pytest
from django.utils import timezone

from core.rejections import Rejected
from games.snapshot import load_board
from tests.factories import play_out, stage_games, tournament_of
from tests.tournaments.kit import read
from tournaments.clock import call_time_if_due, start_clock

MINUTE = datetime.timedelta(minutes=1)


@pytest.fixture
def timed(db):
    """Eight players at two tables of Mexican Train (13 rounds), 60 minutes a game."""
    return tournament_of(
        ["Ann", "Bob", "Cy", "Di"], ["Ed", "Flo", "Gus", "Hal"], table_size=(4, 4), games=2,
        minutes=60,
    )  # fmt: skip


def test_the_clock_runs_out_and_each_game_ends_on_the_rounds_played(timed, client):
    stage, code = timed.stage, timed.tournament.code
    assert read(client, code)["stages"][0]["clock"] == {"started": None, "ends": None}
    started = timezone.now()
    start_clock(stage=stage, now=started)
    first, second = stage_games(stage)
    ends = timezone.localtime(started + 60 * MINUTE).strftime("%H:%M")
    for game in (first, second):
        board = load_board(game)
        assert f"Time is up at {ends}: the round then being played is the last." in board.html
    play_out(first, [0, 5, 10, 20], [5, 0, 10, 20], end=False)  # two rounds saved
    play_out(second, [3, 0, 9, 9], end=False)  # one round saved
    answer = read(client, code)
    assert answer["stages"][0]["status"] == "playing"
    assert answer["stages"][0]["clock"] == {
        "started": started.isoformat(),
        "ends": (started + 60 * MINUTE).isoformat(),
    }

    assert not call_time_if_due(stage=stage, now=started + 59 * MINUTE)
    assert call_time_if_due(stage=stage, now=started + 60 * MINUTE)

    assert read(client, code)["stages"][0]["status"] == "time_called"
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.last_round, second.last_round) == (3, 2)  # the rounds in play
    board = load_board(first)
    assert "Time is up: round 3 is the last; the game ends when it is saved." in board.html
    first = play_out(first, [1, 1, 1, 1], end=False)
    second = play_out(second, [0, 4, 4, 4], end=False)
    assert first.is_finished and second.is_finished
    assert [len(load_board(g).rounds) for g in (first, second)] == [3, 2]
    answer = read(client, code)
    assert answer["stages"][0]["status"] == "finished"
    # Averages per round make the two tables comparable: Ann 6 over 3, Ed 3 over 2.
    by_name = {s["player"]["name"]: s for s in answer["standings"]}
    assert (by_name["Ann"]["rounds"], by_name["Ann"]["average"]) == (3, 2.0)
    assert (by_name["Ed"]["rounds"], by_name["Ed"]["average"]) == (2, 1.5)


def test_a_clock_run_out_unnoticed_is_caught_at_each_tables_next_save(timed, client):
    stage = timed.stage
    start_clock(stage=stage, now=timezone.now() - 61 * MINUTE)
    first, second = stage_games(stage)
    assert read(client, timed.tournament.code)["stages"][0]["status"] == "time_called"
    # No round was saved before the time was up: round 1 was in play, and is the last.
    first = play_out(first, [0, 5, 10, 20], end=False)
    assert first.is_finished and first.last_round == 1
    second = play_out(second, [3, 0, 9, 9], end=False)
    assert second.is_finished and second.last_round == 1


def test_a_clock_starts_once(timed):
    start_clock(stage=timed.stage)
    with pytest.raises(Rejected) as refused:
        start_clock(stage=timed.stage)
    assert refused.value.errors == {"clock": "The clock of stage 1 is already running."}


def test_a_clock_without_a_time_limit_marks_the_stage_playing_and_never_calls_time(db, client):
    new = tournament_of(["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2)
    start_clock(stage=new.stage)
    answer = read(client, new.tournament.code)
    assert answer["stages"][0]["status"] == "playing"
    assert answer["stages"][0]["clock"]["ends"] is None
    assert not call_time_if_due(stage=new.stage, now=timezone.now() + 600 * MINUTE)
