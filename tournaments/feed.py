"""A tournament's screens are told when it changed (a stage seated, a clock started, time
called, a game finished): one message to the tournament's group, after commit. Each
socket then reads the tournament as it stands (tournaments/consumers.py)."""

from live import broadcast


def tournament_group(code: str) -> str:
    return f"tournament.{code}"


def tournament_changed(code: str) -> None:
    broadcast.send(tournament_group(code), {"type": "tournament.changed"}, f"tournament {code}")
