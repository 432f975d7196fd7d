"""The result pictures: `GET /games/<code>/result.png`, `/nights/<code>/result.png` and
`/tournaments/<code>/result.png` (docs/api.md), in the reader's language, answered with an
ETag (304 when the reader has this version) and drawn once per version (pictures/drawn.py)."""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.models import Game
from games.snapshot import load_board
from nights.snapshot import load_night
from pictures import drawn
from pictures.events import game_result, night_result, tournament_result
from pictures.result import Result
from tournaments.selectors import load_tournament, unknown_tournament

CACHE_CONTROL = "public, max-age=60"
"""A minute: a chat's preview may keep it that long; a game in play changes each round."""


@require_safe
def game_picture(request: HttpRequest, code: str) -> HttpResponse:
    game = Game.objects.filter(code=code).first()
    if game is None:
        raise Http404(_("There is no game with this code; check the link you were given."))
    return _answer(request, game_result(load_board(game)))


@require_safe
def night_picture(request: HttpRequest, code: str) -> HttpResponse:
    night = load_night(code)
    if night is None:
        raise Http404(_("There is no game night with this code; check the link you were given."))
    return _answer(request, night_result(night.night, night.tables))


@require_safe
def tournament_picture(request: HttpRequest, code: str) -> HttpResponse:
    board = load_tournament(code)
    if board is None:
        raise unknown_tournament()
    return _answer(request, tournament_result(board))


def _answer(request: HttpRequest, result: Result) -> HttpResponse:
    etag = f'"{result.version}"'
    asked = {
        tag.strip().removeprefix("W/")
        for tag in request.headers.get("If-None-Match", "").split(",")
    }
    if etag in asked or "*" in asked:
        answer = HttpResponseNotModified()
    else:
        png, took = drawn.png(result)
        answer = HttpResponse(png, content_type="image/png")
        if took is not None:  # this request drew it (bench/pictures.py counts them)
            answer["Server-Timing"] = f"draw;dur={took:.1f}"
    answer["ETag"] = etag
    answer["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(answer, ["Accept-Language", "Cookie"])
    return answer
