"""The night in the JSON API: `GET /api/nights/<code>`, every table's snapshot at once.

A Router mounted on the games' API by trainscore/urls.py, so games/ needs no word of
nights. Reading needs only the night's code, like a game's.
"""

from typing import Literal

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from ninja import Router, Schema

from games.schemas import Message, Snapshot
from nights.snapshot import load_night, night_snapshot

router = Router(tags=["nights"])


class TableOut(Schema):
    label: str
    game: Snapshot


class NightOut(Schema):
    code: str
    name: str
    date: str
    status: Literal["in_progress", "finished"]
    tables: list[TableOut]


@router.api_operation(  # HEAD too, for monitors and link previews
    ["GET", "HEAD"],
    "/nights/{code:code}",
    response={200: NightOut, 404: Message},
    summary="Read a night",
)
def read_night(request: HttpRequest, code: str):
    """The night and every table's game snapshot, in table order. Anyone with the code
    may read it; a night is finished when all its games are."""
    night = load_night(code)
    if night is None:  # answered 404 by games/api.py's unknown_code
        raise Http404(_("There is no game night with this code; check the link you were given."))
    return night_snapshot(night)
