"""The tournament's ear on games/' one hook (connected in TournamentsConfig.ready()): when
a game that is a table of a tournament's stage ended or was reopened, the tournament's
screens are told (its standings changed); when a table's time was called (its first save
after the stage's deadline calls it: games.scorekeeping), time is called on the whole
stage (tournaments/clock.py), in case no timer did. Saves cost nothing here: only an end,
a reopening or a save once time is called is looked at, after the scorekeeper's answer
is out when a request made it (like ratings/), at once otherwise."""

import asyncio
import logging

from django.db import connections

from core import after_response
from games.snapshot import Board
from tournaments import clock
from tournaments.changes import tournament_changed
from tournaments.models import Stage

log = logging.getLogger(__name__)


def announced(sender, *, code: str, result_changed: bool, board: Board | None = None, **_) -> None:
    late = board is not None and board.game.time_called is not None
    if (result_changed or late) and not after_response.later(
        lambda: _in_a_thread(code, result_changed=result_changed, late=late)
    ):
        follow(code, result_changed=result_changed, late=late)


async def _in_a_thread(code: str, **what) -> None:
    await asyncio.to_thread(_follow_and_close, code, **what)


def _follow_and_close(code: str, **what) -> None:
    try:
        follow(code, **what)
    except Exception:
        log.exception("A tournament could not follow game %s; its next change will", code)
    finally:
        connections.close_all()  # this thread's own connection, not a request's


def follow(code: str, *, result_changed: bool = True, late: bool = False) -> None:
    """Game `code` changed: call time on its stage if the game's time was called (`late`), and
    tell its tournament's screens when it ended or was reopened, if it is in one."""
    if late:
        clock.call_time_where_due(game=code)  # tells the screens itself when it calls
    if not result_changed:
        return
    tournament = (
        Stage.objects.filter(night__tables__game__code=code)
        .values_list("tournament__code", flat=True)
        .first()
    )
    if tournament is not None:
        tournament_changed(tournament)
