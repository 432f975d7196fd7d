"""A stage's clock: it starts when staff start it (players first find their tables), and
when it runs out time is called on every table still playing.

Starting the clock gives each of the stage's games its deadline (games.scorekeeping's
set_deadline: every board and keeper shows when time is up); the first save to a game
after it calls time there, so no table plays on past it. "The round
in play" when time runs out is the one after the last round saved before then; it is
the game's last, and saving it ends the game. The stage calls time on every table still
playing when the clock wakes up: a timer in the process that started it, armed again in
every server process as it starts (`rearm`, from trainscore/server_start.py), or the first
save to any of its tables after the deadline (tournaments/listening.py). Reading never calls
time: a stage whose clock ran out reads as "time_called" (tournaments/selectors.py).
Calling time twice changes nothing. `now` is injected for tests; it defaults to the real
time.
"""

from __future__ import annotations

import datetime
import functools
import logging
import threading
from collections.abc import Callable

from django.db import connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.rejections import Rejected
from games.models import Game
from games.scorekeeping import Actor, call_time, round_in_play, set_deadline
from tournaments import changes
from tournaments.models import Stage

log = logging.getLogger(__name__)


def start_clock(*, stage: Stage, now: datetime.datetime | None = None) -> Stage:
    """Start the stage's clock; with a time limit, it runs out `minutes` later."""
    now = now or timezone.now()
    with transaction.atomic():
        stage = Stage.objects.select_for_update().select_related("tournament").get(pk=stage.pk)
        if stage.started is not None:
            raise Rejected(
                {
                    "clock": _("The clock of stage %(number)s is already running.")
                    % {"number": stage.number}
                }
            )
        games = Game.objects.filter(night_table__night=stage.night_id)
        if not games.live().exists():
            raise Rejected(
                {
                    "clock": _(
                        "Every table of stage %(number)s has ended; there is no clock to start."
                    )
                    % {"number": stage.number}
                }
            )
        minutes = stage.tournament.minutes
        stage.started = now
        stage.ends = now + datetime.timedelta(minutes=minutes) if minutes else None
        stage.save(update_fields=["started", "ends"])
        if stage.ends is not None:
            # Each game then knows its own deadline (its first save after it calls time),
            # and its screens show it.
            actor = Actor(by=_("time limit"))
            for game in games.live():
                set_deadline(game=game, deadline=stage.ends, actor=actor)
        changes.announce(stage.tournament.code)
    return stage


def call_time_if_due(*, stage: Stage, now: datetime.datetime | None = None) -> bool:
    """Call time on the stage if its clock has run out and time is not called yet; True
    when it called it now."""
    now = now or timezone.now()
    with transaction.atomic():
        stage = Stage.objects.select_for_update().select_related("tournament").get(pk=stage.pk)
        if stage.ends is None or stage.time_called is not None or now < stage.ends:
            return False
        actor = Actor(by=_("time limit"))
        for game in Game.objects.live().filter(night_table__night=stage.night_id):
            call_time(game=game, round_in_play=round_in_play(game, stage.ends), actor=actor)
        stage.time_called = now
        stage.save(update_fields=["time_called"])
        changes.announce(stage.tournament.code)
    return True


def call_time_where_due(*, game: str) -> bool:
    """Call time on the stage game `game` is a table of, if its clock ran out and time is
    not called yet (a table saved after the deadline: the others' time is up too). True
    when it called time."""
    stage = Stage.objects.filter(
        night__tables__game__code=game, ends__lte=timezone.now(), time_called__isnull=True
    ).first()
    return stage is not None and call_time_if_due(stage=stage)


def wake_at(stage: Stage) -> threading.Timer | None:
    """Call time when the stage's clock runs out, from a timer in this process (at once
    if it has already run out)."""
    if stage.ends is None or stage.time_called is not None:
        return None
    delay = max(0.0, (stage.ends - timezone.now()).total_seconds())
    work = functools.partial(call_time_if_due, stage=stage)
    failed = f"Could not call time on stage {stage.pk}; a save after the deadline will"
    timer = threading.Timer(delay, _on_its_own, args=(work, failed))
    timer.daemon = True
    timer.start()
    return timer


def rearm() -> list[threading.Timer]:
    """Arm this process's timers for every stage whose clock runs and whose time is not
    called yet (a process that starts has none): those run out meanwhile are called now."""
    running = Stage.objects.filter(ends__isnull=False, time_called__isnull=True)
    return [timer for stage in running if (timer := wake_at(stage)) is not None]


def rearm_in_a_thread() -> None:
    """`rearm`, without holding up the server process that starts."""
    failed = "Could not arm the tournaments' clocks; a save after a deadline calls time"
    threading.Thread(target=_on_its_own, args=(rearm, failed), daemon=True).start()


def _on_its_own(work: Callable[[], object], failed: str) -> None:
    """`work` in a thread of its own (a timer's, the start's), which then closes its
    database connection; a failure is logged with what follows from it."""
    try:
        work()
    except Exception as exc:
        log.warning("%s (%s: %s)", failed, type(exc).__name__, exc)
    finally:
        connections.close_all()
