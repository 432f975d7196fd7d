"""The tournament in the JSON API: `GET /api/tournaments/<code>`, mounted on the games'
API by trainscore/urls.py as the nights' is. Reading needs only the tournament's code."""

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status

from games.schemas import Message
from tournaments.clock import call_time_where_due
from tournaments.results import load_tournament
from tournaments.snapshot import tournament_snapshot

router = Router(tags=["tournaments"])


class RulesetIn(Schema):
    slug: str
    variant: str | None


class ClockOut(Schema):
    started: str | None
    ends: str | None


class StageOut(Schema):
    number: int
    night: str
    status: Literal["seated", "playing", "time_called", "finished"]
    clock: ClockOut


class PlayerOut(Schema):
    id: int
    name: str


class StandingOut(Schema):
    player: PlayerOut
    band: str | None
    place: int
    points: int | float
    rounds: int
    average: float
    rounds_won: int
    status: Literal["playing", "out", "withdrawn"]


class MedalOut(Schema):
    band: str | None
    place: Literal[1, 2, 3]
    player: PlayerOut


class TournamentOut(Schema):
    code: str
    name: str
    date: str
    format: Literal["heats-final", "rotation", "progressive"]
    status: Literal["seating", "in_progress", "finished"]
    ruleset: RulesetIn
    stages: list[StageOut]
    standings: list[StandingOut]
    medals: list[MedalOut]


@router.api_operation(
    ["GET", "HEAD"],
    "/tournaments/{code:code}",
    response={200: TournamentOut, 404: Message},
    summary="Read a tournament",
)
def read_tournament(request: HttpRequest, code: str):
    """The tournament's stages (each a night), standings and medals. Anyone with the code
    may read it."""
    board = load_tournament(code)
    if board is None:
        return Status(
            404,
            {"detail": _("There is no tournament with this code; check the link you were given.")},
        )
    if call_time_where_due(tournament_id=board.tournament.pk):
        board = load_tournament(code)
    return tournament_snapshot(board)
