"""The tournament in the JSON API, mounted on the games' API by trainscore/urls.py as the
nights' is. Reading (`GET /api/tournaments/<code>`) needs only the tournament's code; a
late entrant (`POST …/entrants`), a withdrawal (`POST …/withdrawals`) and its undoing
(`DELETE …/withdrawals/<player id>`) need a staff member's signed-in session and its
CSRF token, as the overview's own forms do."""

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status
from ninja.utils import check_csrf
from pydantic import ConfigDict, Field

from core.rejections import Rejected
from games.schemas import Invalid, Message
from players.models import NAME_MAX_LENGTH, Player
from tournaments.api_answer import api_answer
from tournaments.entrants import add_entrant, reinstate, withdraw
from tournaments.formats import EntrantStatus, Format, StageStatus, TournamentStatus
from tournaments.models import Tournament
from tournaments.selectors import load_tournament, unknown_tournament

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
    status: StageStatus
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
    status: EntrantStatus


class MedalOut(Schema):
    band: str | None
    place: Literal[1, 2, 3]
    player: PlayerOut


class FixedOut(Schema):
    player: PlayerOut
    table: int


class TournamentOut(Schema):
    code: str
    name: str
    date: str
    format: Format
    status: TournamentStatus
    ruleset: RulesetIn
    stages: list[StageOut]
    standings: list[StandingOut]
    medals: list[MedalOut]
    apart: list[list[PlayerOut]]
    fixed: list[FixedOut]


@router.api_operation(
    ["GET", "HEAD"],
    "/tournaments/{code:code}",
    response={200: TournamentOut, 404: Message},
    summary="Read a tournament",
)
def read_tournament(request: HttpRequest, code: str):
    """The tournament's stages (each a night), standings and medals. Anyone with the code
    may read it; reading changes nothing (a clock run out reads as "time_called")."""
    board = load_tournament(code)
    if board is None:
        raise unknown_tournament()
    return api_answer(board)


# --- Late entrants and withdrawals (staff) --------------------------------------------


class EntrantIn(Schema):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    band: str | None = None


class WithdrawalIn(Schema):
    model_config = ConfigDict(extra="forbid")
    player: int


ENTRANT_FIELDS = {"player": "name", "bands": "band"}
STAFF_WRITE_ANSWERS = {200: TournamentOut, 401: Message, 403: Message, 404: Message, 422: Invalid}


@router.post(
    "/tournaments/{code:code}/entrants",
    response=STAFF_WRITE_ANSWERS,
    summary="Enter a late arrival",
)
def enter_late(request: HttpRequest, code: str, payload: EntrantIn):
    """Enter a player (found by name, or registered) who is seated from the next stage."""
    tournament = Tournament.objects.filter(code=code).first()
    if refused := _staff_refusal(request, tournament):
        return refused
    name = payload.name.strip()
    if not name:
        return Status(422, _not_entered({"name": _("Send the late entrant's name.")}))
    found, _registered = Player.objects.find_or_register([name])
    player = found[name.lower()]
    try:
        add_entrant(tournament=tournament, player=player, band=payload.band)
    except Rejected as exc:
        # The service's fields are the overview form's; this request's are "name" and "band".
        errors = {ENTRANT_FIELDS.get(f, f): e for f, e in exc.errors.items()}
        return Status(422, _not_entered(errors))
    return api_answer(load_tournament(code))


@router.post(
    "/tournaments/{code:code}/withdrawals",
    response=STAFF_WRITE_ANSWERS,
    summary="Withdraw a player",
)
def withdraw_player(request: HttpRequest, code: str, payload: WithdrawalIn):
    """The player leaves: their results stay, and no later stage seats them."""
    unknown = {"player": _("No player has this id; send the id the standings give.")}
    return _change_entrant(
        request, code, payload.player, withdraw, unknown=Status(422, _not_entered(unknown))
    )


@router.delete(
    "/tournaments/{code:code}/withdrawals/{player}",
    response=STAFF_WRITE_ANSWERS,
    summary="Undo a withdrawal",
)
def reinstate_player(request: HttpRequest, code: str, player: int):
    """The player is back: seated again from the next stage (docs/api.md)."""
    unknown = {"detail": _("No player has this id; send the id the standings give.")}
    return _change_entrant(request, code, player, reinstate, unknown=Status(404, unknown))


def _change_entrant(request: HttpRequest, code: str, player_id: int, change, *, unknown: Status):
    """Withdraw or reinstate (`change`) one entrant as staff: the tournament as it then
    stands, or the refusal (`unknown` when no player has this id)."""
    tournament = Tournament.objects.filter(code=code).first()
    if refused := _staff_refusal(request, tournament):
        return refused
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        return unknown
    try:
        change(tournament=tournament, player=player)
    except Rejected as exc:
        return Status(422, _not_entered(exc.errors))
    return api_answer(load_tournament(code))


def _staff_refusal(request: HttpRequest, tournament: Tournament | None) -> Status | None:
    """The answer when this request may not change the tournament, else None (no
    tournament has the code: raised, as `read_tournament` does)."""
    if not request.user.is_authenticated:
        return Status(
            401,
            {"detail": _("Entering and withdrawing players needs a staff sign-in; sign in first.")},
        )
    if not request.user.is_staff:
        return Status(
            403, {"detail": _("Only the club's staff enter and withdraw players; ask one of them.")}
        )
    if check_csrf(request) is not None:  # a session is a cookie: another site could send it
        return Status(
            403,
            {"detail": _("Send the page's CSRF token (the X-CSRFToken header) with the change.")},
        )
    if tournament is None:
        raise unknown_tournament()
    return None


def _not_entered(errors: dict[str, str]) -> dict:
    # Translators: fields names fields of the request, left as they are.
    detail = _("Nothing was changed; correct %(fields)s, then send it again.") % {
        "fields": ", ".join(errors)
    }
    return {"detail": detail, "errors": errors}
