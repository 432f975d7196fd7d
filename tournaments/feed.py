"""A tournament's screens are told when it changed (a stage seated, a clock started, time
called, a game finished, an entrant came or left): one message to the tournament's group,
after commit; each process's feed then reads the tournament as it stands once and sends
it to its screens (tournaments/consumers.py)."""

from live import broadcast


def tournament_group(code: str) -> str:
    return f"tournament.{code}"


def tournament_changed(code: str) -> None:
    broadcast.send(tournament_group(code), {"type": "tournament.changed"}, f"tournament {code}")
