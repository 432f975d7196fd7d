"""The one hook games/ offers the apps above it: "this game changed", after commit.

The services in games/ (and the apps that seat players) call `announce` inside the
transaction that changed a game; the signal goes out once that transaction commits, so
a rolled-back change announces nothing. The apps above listen, connected in their
`AppConfig.ready()`: live/ pushes the new board to the game's screens, ratings/ catches
up when a game ended or was reopened. games/ imports neither.
"""

from django.db import transaction
from django.dispatch import Signal

from games.snapshot import Board

game_changed = Signal()
"""Sent with `code` (the game's), `board` (its new board as the change built it, or None
when the change did not build one) and `result_changed` (True when the game ended or was
reopened, so who won changed)."""


def announce(code: str, *, board: Board | None = None, result_changed: bool = False) -> None:
    """Send `game_changed` for the game once the current transaction commits."""
    transaction.on_commit(
        lambda: game_changed.send(
            sender=None, code=code, board=board, result_changed=result_changed
        )
    )
