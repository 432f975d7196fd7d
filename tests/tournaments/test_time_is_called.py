"""Who calls time on a stage whose clock ran out: the clock's own wake-up (a timer in the
process that started it, armed again in each process as it starts), or else the first save
at any of its tables after the deadline; either calls it on every table, and tells the
tournament's screens."""

import datetime
import time

import pytest
from django.utils import timezone

from games.models import Game
from tests.factories import play_out, stage_games, tournament_of
from tests.servers import Daphne, running
from tournaments import clock
from tournaments.clock import start_clock
from tournaments.models import Stage

MINUTE = datetime.timedelta(minutes=1)


def run_out(started_ago: int = 61):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, minutes=60
    )
    start_clock(stage=new.stage, now=timezone.now() - started_ago * MINUTE)
    return new


def last_rounds(stage) -> list[int | None]:
    return [g.last_round for g in Game.objects.filter(night_table__night=stage.night_id)]


@pytest.mark.django_db(transaction=True)  # the timer's thread reads what this one wrote
def test_a_process_that_starts_calls_time_on_a_clock_run_out_meanwhile():
    new = run_out()
    running = run_out(started_ago=10)  # 50 minutes left: armed, not called
    timers = clock.rearm()
    assert len(timers) == 2
    late = [t for t in timers if t.interval == 0]
    assert len(late) == 1
    late[0].join(timeout=10)
    assert Stage.objects.get(pk=new.stage.pk).time_called is not None
    assert last_rounds(new.stage) == [1, 1]  # round 1 was in play at each table
    assert Stage.objects.get(pk=running.stage.pk).time_called is None
    for timer in timers:
        timer.cancel()


@pytest.mark.django_db(transaction=True)
def test_a_server_started_after_the_clock_ran_out_calls_time_as_it_starts():
    new = run_out()
    with running(Daphne()):
        deadline = time.monotonic() + 10
        while Stage.objects.get(pk=new.stage.pk).time_called is None:
            assert time.monotonic() < deadline, "the server that started did not call time"
            time.sleep(0.05)
    assert last_rounds(new.stage) == [1, 1]


@pytest.mark.django_db(transaction=True)
def test_the_clocks_timer_calls_time_when_it_runs_out():
    new = run_out()
    stage = Stage.objects.get(pk=new.stage.pk)
    timer = clock.wake_at(stage)
    timer.join(timeout=10)
    assert Stage.objects.get(pk=stage.pk).time_called is not None
    assert clock.wake_at(Stage.objects.get(pk=stage.pk)) is None  # called once


def test_the_first_save_after_the_deadline_calls_time_on_every_table(
    db, django_capture_on_commit_callbacks
):
    new = run_out()
    first, second = stage_games(new.stage)
    with django_capture_on_commit_callbacks(execute=True):
        first = play_out(first, [0, 5, 10], end=False)  # round 1: the last, so it ends
    assert first.is_finished
    second.refresh_from_db()
    assert (second.last_round, second.is_finished) == (1, False)
    assert Stage.objects.get(pk=new.stage.pk).time_called is not None
