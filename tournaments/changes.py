"""What tells a tournament's screens it changed (a stage seated, a clock started, time
called, a game ended, an entrant came or left): one message to the tournament's group,
after commit. Each process then reads the tournament as it stands once for every feed of
it there (tournaments/screens.py: one per language and kind of page; the change's id says
which change a reading is of) and sends it to its screens (tournaments/consumers.py).
"""

from uuid import uuid4

from django.db import transaction

from live import broadcast


def tournament_group(code: str) -> str:
    return f"tournament.{code}"


CHANGED = "tournament.changed"


def tournament_changed(code: str) -> None:
    message = {"type": CHANGED, "change": uuid4().hex}
    broadcast.send(tournament_group(code), message, f"tournament {code}")


def announce(code: str) -> None:
    """Tell the tournament's screens it changed once the current transaction commits (a
    rolled-back change tells nothing)."""
    transaction.on_commit(lambda: tournament_changed(code))
