"""The tournament's ear on games/' one hook (connected in TournamentsConfig.ready()): when
a game that is a table of a tournament's stage ended or was reopened, the tournament's
screens are told (its standings changed). Saves cost nothing here: only an end or a
reopening is looked at, after the scorekeeper's answer is out when a request made it
(like ratings/), at once otherwise."""

import asyncio
import logging

from django.db import connections

from core import after_response
from tournaments.feed import tournament_changed
from tournaments.models import Stage

log = logging.getLogger(__name__)


def announced(sender, *, code: str, result_changed: bool, **_) -> None:
    if result_changed and not after_response.later(lambda: _in_a_thread(code)):
        follow(code)


async def _in_a_thread(code: str) -> None:
    await asyncio.to_thread(_follow_and_close, code)


def _follow_and_close(code: str) -> None:
    try:
        follow(code)
    except Exception:
        log.exception("A tournament could not follow game %s; its next read will", code)
    finally:
        connections.close_all()  # this thread's own connection, not a request's


def follow(code: str) -> None:
    """Game `code` ended or was reopened: tell its tournament's screens, if it is in one."""
    tournament = (
        Stage.objects.filter(night__tables__game__code=code)
        .values_list("tournament__code", flat=True)
        .first()
    )
    if tournament is not None:
        tournament_changed(tournament)
