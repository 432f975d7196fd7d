"""What tells a tournament's screens it changed (a stage seated, a clock started, time
called, a game ended, an entrant came or left): one message to the tournament's group,
after commit. Each process's feed of the tournament (tournaments/screens.py) then reads
it as it stands once and sends it to its screens (the socket: tournaments/consumers.py).
"""

from django.db import transaction

from live import broadcast


def tournament_group(code: str) -> str:
    return f"tournament.{code}"


def tournament_changed(code: str) -> None:
    broadcast.send(tournament_group(code), {"type": "tournament.changed"}, f"tournament {code}")


def announce(code: str) -> None:
    """Tell the tournament's screens it changed once the current transaction commits (a
    rolled-back change tells nothing)."""
    transaction.on_commit(lambda: tournament_changed(code))
