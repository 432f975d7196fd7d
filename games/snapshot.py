"""The snapshot: one game's state as the API answers it and every websocket message carries it.

`load_board` reads a game in a fixed number of queries whatever its size; `Board`
is what both the snapshot and the board template are drawn from. A board draws itself
once per language: its snapshot, its html (the one board partial) and its websocket
message in the active language are kept on it, so the save's answer, the page's answer
and the broadcast share them.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.models import Game, Round, Seat
from rules import rulesets


@dataclass
class Standing:
    seat: Seat
    total: int = 0
    place: int = 1

    @property
    def player(self):
        return self.seat.player

    @property
    def won(self) -> bool:
        """Stored when the game ends (`Seat.won`): the one record of who won."""
        return self.seat.won


@dataclass
class Board:
    game: Game
    table: rulesets.Table
    standings: list[Standing]
    rounds: list[Round]
    scores: dict[int, dict[int, int]] = field(default_factory=dict)
    """round number → player id → points."""

    @property
    def winners(self) -> list[int]:
        return [s.player.id for s in self.standings if s.won]

    @property
    def next_round(self) -> int | None:
        """The round the scorekeeper enters next, or None when the schedule is done."""
        played = len(self.rounds)
        return None if self.table.is_complete(played) else played + 1

    @property
    def engines_used(self) -> list[int | None]:
        return [r.engine for r in self.rounds]

    @cached_property
    def leaders(self) -> set[int]:
        """Who is first by the totals (ties share it); nobody before a round is played.
        Ending the game records them as its winners (`Standing.won`)."""
        if not self.rounds:
            return set()
        return {s.player.id for s in self.standings if s.place == 1 and not s.seat.left}

    drawn: dict[str, "Drawn"] = field(default_factory=dict, repr=False)
    """Language → this board as drawn in it."""

    @property
    def snapshot(self) -> dict:
        """The API's answer for this board (the snapshot in docs/api.md), in the active
        language."""
        return self._in_language().snapshot

    @property
    def html(self) -> str:
        """The board partial in the active language, rendered once for every page and push
        that shows this board in it."""
        return self._in_language().html

    @property
    def message(self) -> str:
        """The websocket message in the active language: the snapshot plus "html", encoded
        once."""
        return self._in_language().message

    def _in_language(self) -> "Drawn":
        language = get_language()
        drawn = self.drawn.get(language)
        if drawn is None:
            drawn = self.drawn[language] = Drawn(self)
        return drawn

    def round_numbered(self, number: object) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def rows(self) -> list["Row"]:
        """The grid: one row per round, points in seat order (None where missing)."""
        ids = [s.player.id for s in self.standings]
        return [
            Row(
                number=r.number, engine=r.engine, points=[self.scores[r.number].get(i) for i in ids]
            )
            for r in self.rounds
        ]


class Drawn:
    """One board in one language: each part drawn once, when first asked for."""

    def __init__(self, board: Board) -> None:
        self.board = board

    @cached_property
    def snapshot(self) -> dict:
        return snapshot(self.board)

    @cached_property
    def html(self) -> str:
        return render_to_string("games/board.html", {"board": self.board}).strip()

    @cached_property
    def message(self) -> str:
        return json.dumps({**self.snapshot, "html": self.html}, separators=(",", ":"))


@dataclass(frozen=True)
class Row:
    number: int
    engine: int | None
    points: list[int | None]


def load_board(game: Game) -> Board:
    """Everything a board shows, in two queries after the game itself."""
    return load_boards([game])[0]


ROUND_FIELDS = ["id", "game_id", "number", "engine"]


def load_boards(games: Sequence[Game]) -> list[Board]:
    """The boards of several games (in their order) in two queries, however many: the
    seats with their players, and the rounds with their scores."""
    if not games:
        return []
    ids = [game.pk for game in games]
    seats: dict[int, list[Seat]] = {pk: [] for pk in ids}
    for seat in Seat.objects.filter(game_id__in=ids).select_related("player"):
        seats[seat.game_id].append(seat)
    rounds: dict[int, list[Round]] = {pk: [] for pk in ids}
    points: dict[int, dict[int, int]] = {}
    # A row per score, in the rounds' order (a round with no score comes once, with None):
    # plain rows, not model instances, as a long game has a hundred scores per board.
    rows = Round.objects.filter(game_id__in=ids).values_list(
        *ROUND_FIELDS, "scores__player_id", "scores__points"
    )
    for *fields, player_id, value in rows:
        round_id, game_id, *_ = fields
        if round_id not in points:
            points[round_id] = {}
            rounds[game_id].append(Round.from_db(Round.objects.db, ROUND_FIELDS, fields))
        if player_id is not None:
            points[round_id][player_id] = value
    return [_board(game, seats[game.pk], rounds[game.pk], points) for game in games]


def _board(
    game: Game, seats: list[Seat], rounds: list[Round], points: dict[int, dict[int, int]]
) -> Board:
    for row in (*seats, *rounds):
        row.game = game  # what `game.seats.all()` would have set: no query to find it
    table = game.table(len(seats))
    scores = {r.number: points[r.pk] for r in rounds}
    standings = [Standing(seat=seat) for seat in seats]
    for standing in standings:
        standing.total = sum(points.get(standing.player.id, 0) for points in scores.values())
    rank(standings, lower_wins=table.lower_wins)
    return Board(game=game, table=table, standings=standings, rounds=rounds, scores=scores)


def with_round(board: Board, round_: Round, scores: dict[int, int]) -> Board:
    """The board once `round_` holds `scores` (none: the round is gone), built in memory
    from what the save service wrote, not read back."""
    rounds = {r.number: r for r in board.rounds}
    all_scores = {n: dict(points) for n, points in board.scores.items()}
    if scores:
        rounds[round_.number] = round_
        all_scores[round_.number] = dict(scores)
    else:
        rounds.pop(round_.number, None)
        all_scores.pop(round_.number, None)
    standings = [Standing(seat=s.seat) for s in board.standings]
    for standing in standings:
        standing.total = sum(points.get(standing.player.id, 0) for points in all_scores.values())
    rank(standings, lower_wins=board.table.lower_wins)
    return Board(
        game=board.game,
        table=board.table,
        standings=standings,
        rounds=sorted(rounds.values(), key=lambda r: r.number),
        scores=all_scores,
    )


def rank(standings: list[Standing], *, lower_wins: bool) -> None:
    """Places by total; equal totals share a place (1, 1, 3). A player who left the game
    (`Seat.left`) is placed after everyone who stayed."""

    def order(standing: Standing) -> tuple[bool, int]:
        return (standing.seat.left, standing.total if lower_wins else -standing.total)

    for standing in standings:
        better = sum(1 for other in standings if order(other) < order(standing))
        standing.place = better + 1


def snapshot(board: Board) -> dict:
    game, table = board.game, board.table
    return {
        "code": game.code,
        "version": game.version,
        "status": game.status,
        "ruleset": {
            "slug": game.ruleset,
            "name": table.ruleset.name,
            "variant": game.variant or None,
            "set": game.set_size,
            "lower_wins": table.lower_wins,
        },
        "players": [
            {
                "id": s.player.id,
                "name": s.player.name,
                "seat": s.seat.position,
                "total": s.total,
                "place": s.place,
            }
            for s in board.standings
        ],
        "rounds": [
            {
                "number": r.number,
                "engine": r.engine,
                "scores": {str(pid): pts for pid, pts in board.scores[r.number].items()},
            }
            for r in board.rounds
        ],
        "schedule": None if table.schedule is None else list(table.schedule),
        "winners": board.winners,
    }
