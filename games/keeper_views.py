"""The scorekeeper's form posts: save a round, undo, redo, end and reopen a game.

Each turns a post into one call of `games.scorekeeping` and its outcome into an
answer: a redirect back to the board when it worked, the page again with the
sentences next to the fields when it didn't, or JSON for keeper.js (same views,
`Accept: application/json`). Every sentence is in the request's language.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.rejections import Conflict, Rejected
from core.staff import staff_only
from games import access, scorekeeping
from games.forms import RoundForm, round_initial, score_field, whole_number
from games.models import Change, Game
from games.outcome import outcome, winners_sentence
from games.page import (
    board_url,
    get_game,
    page_parts,
    refused,
    render_page,
    wants_json,
)
from games.snapshot import Board, load_board


def _answer(
    request: HttpRequest,
    game: Game,
    *,
    status: int,
    message: str,
    form: RoundForm | None = None,
    number: int | None = None,
    board: Board | None = None,
) -> HttpResponse:
    """The outcome of a change: JSON for keeper.js, or a page (redirect when it worked).

    `board`, when the caller already loaded the latest one, is drawn instead of a fresh load.
    """
    if board is None:
        game.refresh_from_db()
    if wants_json(request):
        board = load_board(game) if board is None else board
        data = page_parts(request, game, board, form=form, number=number)
        data.update(ok=status == 200, message=message, snapshot=board.snapshot)
        return JsonResponse(data, status=status)
    if status == 200:
        messages.success(request, message)
        return redirect(board_url(game, editing=not game.is_finished))
    if form is None:
        messages.error(request, message)
        return redirect(board_url(game, editing=not game.is_finished))
    return render_page(
        request, game, status=status, form=form, message=message, editing=True, board=board
    )


def _posted_int(request: HttpRequest, name: str) -> int | None:
    return whole_number(request.POST.get(name, ""))


def _posted_version(request: HttpRequest) -> int | str:
    """The version the page's form was drawn at; what was posted when it is not a number,
    so the service refuses it (a form always sends one: none is not "as it stands")."""
    value = _posted_int(request, "version")
    return request.POST.get("version", "") if value is None else value


@require_POST
def save_round(request: HttpRequest, code: str) -> HttpResponse:
    game = get_game(code)
    if not access.can_keep(request, game):
        return refused(request, game)
    if game.is_finished:
        return _answer(request, game, status=409, message=scorekeeping.finished_sentence())
    board = load_board(game)
    played = len(board.rounds)
    number = _posted_int(request, "number")
    if number is None or not 1 <= number <= played + 1:
        number = board.next_round or max(played, 1)
    form = RoundForm(request.POST, board=board, number=number)
    if not form.is_valid():
        return _answer(
            request, game, status=422, message=_not_saved(number), form=form, number=number
        )
    before = game.version
    try:
        board = scorekeeping.record_round(
            game=game,
            number=form.cleaned_data["number"],
            scores=form.scores(),
            engine=form.engine_value(),
            version=form.cleaned_data["version"],
            actor=access.actor(request, source=Change.Source.PAGE),
            board=board,
        )
    except Rejected as exc:
        form.add_service_errors(exc.errors)
        return _answer(
            request, game, status=422, message=_not_saved(number), form=form, number=number
        )
    except Conflict as exc:
        return _conflict(request, game, form, number, str(exc))
    if game.version == before:
        message = _("Round %(number)s already has these scores; nothing changed.")
    elif number <= played:
        message = _("Round %(number)s corrected.")
    else:
        message = _("Round %(number)s saved.")
    return _answer(request, game, status=200, message=message % {"number": number}, board=board)


def _not_saved(number: int) -> str:
    return _("Round %(number)s was not saved: fix the fields marked below, then save again.") % {
        "number": number
    }


def _conflict(
    request: HttpRequest, game: Game, form: RoundForm, number: int, sentence: str
) -> HttpResponse:
    """A stale or finished save: show the latest board and values, overwrite nothing."""
    game.refresh_from_db()
    board = load_board(game)
    if game.is_finished:
        return _answer(request, game, status=409, message=sentence, board=board)
    if number in board.scores:
        message = _(
            "Round %(number)s was saved from another device a moment ago — here is the latest."
        ) % {"number": number}
        fresh = RoundForm(board=board, number=number, initial=round_initial(board, number))
    else:
        # The round the form was for is not saved (another device undid it, say): keep what
        # was typed, on the latest version, so saving again is a deliberate choice.
        number = board.next_round or max(len(board.rounds), 1)
        typed = {score_field(pid): value for pid, value in _typed_scores(form).items()}
        initial = {**round_initial(board, number), **typed, "engine": form.engine_value()}
        fresh = RoundForm(board=board, number=number, initial=initial)
        message = _("The board changed on another device a moment ago — here is the latest.")
    return _answer(
        request, game, status=409, message=message, form=fresh, number=number, board=board
    )


def _typed_scores(form: RoundForm) -> dict[int, int]:
    return {s.player.id: form.cleaned_data[score_field(s.player.id)] for s in form.board.standings}


def _undo_or_redo(request: HttpRequest, code: str, *, redo: bool) -> HttpResponse:
    game = get_game(code)
    if not access.can_keep(request, game):
        return refused(request, game)
    find = scorekeeping.last_redoable if redo else scorekeeping.last_undoable
    target = find(game)
    act = scorekeeping.redo if redo else scorekeeping.undo
    try:
        board = act(
            game=game,
            version=_posted_version(request),
            actor=access.actor(request, source=Change.Source.PAGE),
        )
    except Rejected as exc:
        return _answer(request, game, status=422, message=str(exc))
    except Conflict as exc:
        return _answer(request, game, status=409, message=str(exc))
    assert target is not None  # the service refuses when there is nothing to undo or redo
    if redo:
        message = _("Put back the change to round %(number)s.")
    else:
        message = _("Undid the last change to round %(number)s.")
    message %= {"number": target.round_number}
    return _answer(request, game, status=200, message=message, board=board)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    return _undo_or_redo(request, code, redo=False)


@require_POST
def redo(request: HttpRequest, code: str) -> HttpResponse:
    return _undo_or_redo(request, code, redo=True)


@require_http_methods(["GET", "HEAD", "POST"])
def end(request: HttpRequest, code: str) -> HttpResponse:
    """End Game: a page that asks to confirm (works without JS), then the end itself."""
    game = get_game(code)
    if not access.can_keep(request, game):
        return refused(request, game)
    if game.is_finished:
        messages.info(request, _("This game has already ended."))
        return redirect(board_url(game))
    status, message = 200, ""
    if request.method == "POST":
        try:
            board = scorekeeping.end_game(
                game=game,
                version=_posted_version(request),
                actor=access.actor(request, source=Change.Source.PAGE),
            )
        except Conflict as exc:
            game.refresh_from_db()
            if game.is_finished:
                messages.info(request, str(exc))
                return redirect(board_url(game))
            status = 409
            message = _(
                "The board changed on another device a moment ago — check the totals "
                "below, then confirm again."
            )
        except Rejected as exc:
            status, message = 422, str(exc)
        else:
            # Translators: outcome is a whole sentence, such as "Ann wins."
            messages.success(request, _("Game over. %(outcome)s") % {"outcome": outcome(board)})
            return redirect(board_url(game))
    board = load_board(game)
    return render(
        request,
        "games/end.html",
        {"game": game, "board": board, "message": message, "outcome": _winners_sentence(board)},
        status=status,
    )


def _winners_sentence(board: Board) -> str:
    """Who ending the game now would record as the winners (end_game's choice)."""
    return winners_sentence([s for s in board.standings if s.player.id in board.leaders])


@staff_only
@require_POST
def reopen(request: HttpRequest, code: str) -> HttpResponse:
    game = get_game(code)
    try:
        scorekeeping.reopen_game(game=game, actor=access.actor(request, source=Change.Source.PAGE))
    except Conflict as exc:
        messages.info(request, str(exc))
    else:
        messages.success(request, _("The game is open again; the scorekeeper can carry on."))
    return redirect(board_url(game, editing=True))
