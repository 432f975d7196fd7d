"""The tournament's ear on games/' one hook (connected in TournamentsConfig.ready()):
after any change to a game that is a table of a tournament's stage, call time if that
stage's clock has run out unnoticed, and tell the tournament's screens when a game ended
or was reopened. Done after the scorekeeper's answer is out when a request made the
change (like ratings/), at once otherwise."""

import asyncio
import logging

from django.db import connections

from core import after_response
from tournaments import clock
from tournaments.feed import tournament_changed
from tournaments.models import Stage

log = logging.getLogger(__name__)


def announced(sender, *, code: str, result_changed: bool, **_) -> None:
    if not after_response.later(lambda: _in_a_thread(code, result_changed)):
        follow(code, result_changed=result_changed)


async def _in_a_thread(code: str, result_changed: bool) -> None:
    await asyncio.to_thread(_follow_and_close, code, result_changed)


def _follow_and_close(code: str, result_changed: bool) -> None:
    try:
        follow(code, result_changed=result_changed)
    except Exception:
        log.exception("A tournament could not follow game %s; its next read will", code)
    finally:
        connections.close_all()  # this thread's own connection, not a request's


def follow(code: str, *, result_changed: bool) -> None:
    """What a change to game `code` means for its tournament, if it is in one."""
    stage = Stage.objects.filter(night__tables__game__code=code).select_related("tournament")
    stage = stage.first()
    if stage is None:
        return
    clock.call_time_if_due(stage=stage)
    if result_changed:
        tournament_changed(stage.tournament.code)
