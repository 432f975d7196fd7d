"""A tournament's walls as the bench's client process follows them (bench/viewers.py):
screens on `ws /ws/tournaments/<code>/`, each told every table's change as the night's
"table" message with the game's message inside, so they are counted per game: which
versions of each table every wall received, and when the last wall held each one."""

import re

from bench.stats import Tally, tally

TABLE = re.compile(
    rb'\{"type":"table","label":"(?:[^"\\]|\\.)*","game":\{"code":"([^"]+)","version":(\d+)'
)
TOURNAMENT = b'{"type":"tournament"'


class Walls:
    """The walls of one tournament, in the viewers' process: a board (bench/viewers.py's
    `Board`) whose messages carry many games."""

    def __init__(self) -> None:
        self.viewers: list = []
        self.keep: list[bytes] = []
        self.tournaments = 0  # "tournament" messages, over every wall
        self.received_by: dict[object, dict[str, list[int]]] = {}  # wall → game → versions
        self.holding: dict[tuple[str, int], int] = {}  # (game, version) → walls holding it
        self.last_at: dict[tuple[str, int], float] = {}

    def received(self, viewer, payload: bytes, now: float) -> None:
        if payload.startswith(TOURNAMENT):
            self.tournaments += 1
            return
        found = TABLE.match(payload)
        if found is None:
            raise ValueError(f"neither a tournament nor a table: {payload[:120]!r}")
        game, version = found.group(1).decode(), int(found.group(2))
        versions = self.received_by.setdefault(viewer, {}).setdefault(game, [])
        old = versions[-1] if versions else None
        versions.append(version)
        if old is not None and version <= old:
            return
        # A table message carries the whole board: holding a version holds those before it.
        for held in range(old + 1, version + 1) if old is not None else (version,):
            self.holding[game, held] = self.holding.get((game, held), 0) + 1
            self.last_at[game, held] = now

    def seen(self, saves: list[list]) -> dict:
        """For each (game, version) saved: when the last wall held it (None while one does
        not yet); and over every wall and game, the versions lost or out of order."""
        walls = len(self.viewers)
        seen = [
            self.last_at.get((game, version))
            if self.holding.get((game, version), 0) >= walls
            else None
            for game, version in saves
        ]
        by_game: dict[str, list[int]] = {}
        for game, version in saves:
            by_game.setdefault(game, []).append(version)
        total = Tally()
        for viewer in self.viewers:
            got = self.received_by.get(viewer, {})
            for game, versions in by_game.items():
                total += tally(versions, got.get(game, []))
        return {
            "seen": seen,
            "lost": total.lost,
            "out_of_order": total.out_of_order,
            "tournaments": self.tournaments,
        }
