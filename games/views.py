"""The game pages: start a game, the scoreboard with its scorekeeper panel, and the
scorekeeper link. The page is drawn by `games.page`; the posts that change a game are in
`games.keeper_views`.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.rejections import Rejected
from core.staff import staff_only
from games import access, starting
from games.forms import NewGameForm
from games.links import JUST_STARTED_SESSION, keep_score_here, remember_key
from games.page import board_url, get_game, page_parts, render_page
from games.snapshot import load_board
from games.starting import start_game

# --- Starting a game -------------------------------------------------------------

# start_game names the field a problem is in; the form calls some of them differently.
_START_FIELDS = {"ruleset": "game", "variant": "game", "players": "players", "set_size": "set_size"}


@staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        choice = form.cleaned_data["game"]
        try:
            started = start_game(
                ruleset=choice.ruleset.slug,
                variant=choice.variant,
                players=form.seated(),
                set_size=form.cleaned_data["set_size"],
                table_label=form.cleaned_data["table_label"],
                created_by=request.user,
            )
        except Rejected as exc:
            for field, sentence in exc.errors.items():
                form.add_error(_START_FIELDS.get(field), sentence)
        else:
            game = started.game
            keep_score_here(request, [started])
            request.session[JUST_STARTED_SESSION] = game.code
            messages.success(
                request,
                _(
                    "The game is ready. Share the links below: the scoreboard link with "
                    "everyone, the scorekeeper link only with whoever keeps score."
                ),
            )
            return redirect(board_url(game, editing=True, anchor="links"))
    return render(
        request,
        "games/new.html",
        {"form": form, "choices": form.choices},
        status=422 if form.errors else 200,
    )


@staff_only
@require_POST
def new_key(request: HttpRequest, code: str) -> HttpResponse:
    """Staff: make a fresh scorekeeper link when the first one is lost.

    The old link stops working; browsers that already opened it keep their rights.
    """
    game = get_game(code)
    key = starting.replace_key(game=game)
    remember_key(request, game, key)
    request.session[JUST_STARTED_SESSION] = game.code
    messages.success(
        request, _("Here is a new scorekeeper link. The old link no longer opens scorekeeping.")
    )
    return redirect(board_url(game, anchor="links"))


# --- The scorekeeper link --------------------------------------------------------


@require_safe
def keep(request: HttpRequest, code: str, key: str) -> HttpResponse:
    game = get_game(code)
    outcome = access.check_key(request, game, key)
    if outcome == access.KeyCheck.OK:
        access.grant(request, game)
        messages.success(
            request,
            _(
                "This browser now keeps score for this game. Press Scorekeeper beside the "
                "game's name to show or hide the score form."
            ),
        )
        return redirect(board_url(game, editing=True))
    if outcome == access.KeyCheck.THROTTLED:
        response = render(
            request, "games/refused.html", {"reason": "throttled", "game": game}, status=429
        )
        response["Retry-After"] = "60"
        return response
    return render(request, "games/refused.html", {"reason": "wrong_key", "game": game}, status=403)


# --- The game page ---------------------------------------------------------------


@require_safe
def game_page(request: HttpRequest, code: str) -> HttpResponse:
    return render_page(request, get_game(code))


@require_safe
def panel(request: HttpRequest, code: str) -> JsonResponse:
    """The page's parts that follow the board, for keeper.js after a live update."""
    game = get_game(code)
    return JsonResponse(page_parts(request, game, load_board(game)))
