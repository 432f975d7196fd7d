"""The game page drawn: whole (`render_page`), or its parts as html in JSON for keeper.js
after a live update or a change (`page_parts`), from one `load_board` and a fixed number of
other queries, whatever the game's size; and what both kinds of view (games/views.py, the
pages; games/keeper_views.py, the scorekeeper's posts) answer with: the game for a code,
the board's address, whether JSON was asked for, the refusal for a browser that may not
keep score.
"""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from games import access, scorekeeping
from games.below_the_board import parts_for
from games.forms import RoundForm, round_initial, whole_number
from games.links import share_links
from games.models import Change, Edit, Game
from games.snapshot import Board, load_board
from rules.table import double_name

HISTORY_LENGTH = 100
"""Changes listed on the game page, newest first."""

# --- Access ----------------------------------------------------------------------


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def refused(request: HttpRequest, game: Game) -> HttpResponse:
    """403 for a browser that may not keep score on this game."""
    sentence = _(
        "This browser can't keep score for this game. Open the scorekeeper link "
        "(or scan its QR code) from whoever started the game, then try again."
    )
    if wants_json(request):
        return JsonResponse({"ok": False, "message": sentence}, status=403)
    return render(request, "games/refused.html", {"reason": "not_keeper", "game": game}, status=403)


def get_game(code: str) -> Game:
    return get_object_or_404(Game, code=code)


def board_url(game: Game, *, editing: bool = False, anchor: str = "") -> str:
    url = reverse("games:board", args=[game.code])
    if editing:
        url += "?edit=1"
        anchor = anchor or "keeper"
    return f"{url}#{anchor}" if anchor else url


# --- The game page ---------------------------------------------------------------


@dataclass(frozen=True)
class EditLine:
    what: str
    old: str
    new: str


@dataclass(frozen=True)
class ChangeLine:
    change: Change
    summary: str
    edits: list[EditLine]
    note: str = ""

    @property
    def source(self) -> str:
        if self.change.source == Change.Source.API:
            # Translators: how a change in the history was made.
            return _("through the API")
        # Translators: how a change in the history was made.
        return _("on the page")

    @property
    def by(self) -> str:
        """Who made the change: a staff user's name, or the scorekeeper key (stored in
        English as `access.KEY_HOLDER`, said in the reader's language)."""
        if self.change.by == access.KEY_HOLDER:
            # Translators: who made a change in the history, when it was not a staff user.
            return _("scorekeeper key")
        return self.change.by


def _change_summary(change: Change) -> str:
    kind = change.kind
    if kind == Change.Kind.SAVE:
        summary = _("Saved round %(number)s")
    elif kind == Change.Kind.UNDO:
        summary = _("Undid a save of round %(number)s")
    elif kind == Change.Kind.REDO:
        summary = _("Put back round %(number)s")
    elif kind == Change.Kind.END:
        return _("Ended the game")
    elif kind == Change.Kind.CLOCK:
        return _("Started the clock")
    elif kind == Change.Kind.TIME:
        # Translators: number is the round in play when time was called, now the last one.
        return _("Time was called: round %(number)s is the last") % {"number": change.round_number}
    else:
        return _("Reopened the game")
    return summary % {"number": change.round_number}


def _change_lines(changes: list[Change], board: Board) -> list[ChangeLine]:
    names = {s.player.id: s.player.name for s in board.standings}
    lines = []
    for change in changes:
        kind = change.kind
        edits = []
        for edit in change.edits.all():
            if edit.player_id is None:
                # Translators: what a change in the history edited: a round's starting
                # double ("round 3 engine: 12|12 → 11|11").
                what = _("round %(number)s engine") % {"number": edit.round_number}
                old = "—" if edit.old is None else double_name(edit.old)
                new = "—" if edit.new is None else double_name(edit.new)
            else:
                name = names.get(edit.player_id) or _("a player")
                # Translators: what a change in the history edited: a player's score in a
                # round ("round 3 Ann: 12 → 15").
                what = _("round %(number)s %(name)s") % {"number": edit.round_number, "name": name}
                old = "—" if edit.old is None else str(edit.old)
                new = "—" if edit.new is None else str(edit.new)
            edits.append(EditLine(what=what, old=old, new=new))
        note = ""
        if change.undone:
            note = _("put back later") if kind == Change.Kind.UNDO else _("undone later")
        summary = _change_summary(change)
        lines.append(ChangeLine(change=change, summary=summary, edits=edits, note=note))
    return lines


def _requested_round(request: HttpRequest, board: Board) -> int:
    """The round the form shows: ?round=N if it exists or is next, else the next round."""
    played = len(board.rounds)
    latest = board.next_round or played
    wanted = whole_number(request.GET.get("round", ""))
    if wanted is not None and 1 <= wanted <= latest:
        return wanted
    return max(latest, 1)


def _keeper_parts(
    request: HttpRequest,
    game: Game,
    board: Board,
    newest: list[Change],
    *,
    form: RoundForm | None = None,
    number: int | None = None,
) -> dict:
    """What the scorekeeper panel draws: the round form and the undo/redo/end actions
    (what can be undone or redone read from `newest`, the history's changes)."""
    if not access.can_keep(request, game):
        return {"keeper": False}
    parts: dict = {"keeper": True, "form": None, "undoable": None, "redoable": None}
    if game.is_finished:
        return parts
    if form is None:
        number = number or _requested_round(request, board)
        form = RoundForm(board=board, number=number, initial=round_initial(board, number))
    parts["form"] = form
    parts["rounds_to_pick"] = list(range(1, (board.next_round or len(board.rounds)) + 1))
    every = len(newest) < HISTORY_LENGTH
    parts["undoable"] = scorekeeping.last_undoable(game, newest, every=every)
    parts["redoable"] = scorekeeping.last_redoable(game, newest, every=every)
    return parts


def _newest_changes(game: Game) -> list[Change]:
    """The changes the history lists, newest first, with what each one edited."""
    return list(
        game.changes.prefetch_related(
            Prefetch("edits", queryset=Edit.objects.order_by("round_number", "player_id", "pk"))
        )[:HISTORY_LENGTH]
    )


def render_page(
    request: HttpRequest,
    game: Game,
    *,
    status: int = 200,
    form: RoundForm | None = None,
    message: str = "",
    editing: bool | None = None,
    board: Board | None = None,
) -> HttpResponse:
    board = load_board(game) if board is None else board
    context = {
        **_shared_context(request, game, board, form=form),
        "editing": request.GET.get("edit") == "1" if editing is None else editing,
        "keeper_message": message,
        "table_data": _table_data(board),
        "below_the_board": parts_for(request, game),
        **share_links(request, game),
    }
    return render(request, "games/game.html", context, status=status)


def _shared_context(
    request: HttpRequest,
    game: Game,
    board: Board,
    *,
    form: RoundForm | None = None,
    number: int | None = None,
) -> dict:
    """What the page and its live-updated parts both draw: board, history, keeper panel."""
    newest = _newest_changes(game)
    return {
        "game": game,
        "board": board,
        "changes": _change_lines(newest, board),
        **_keeper_parts(request, game, board, newest, form=form, number=number),
    }


def _table_data(board: Board) -> dict:
    """What the score helpers in the browser need, from rules/ (never hard-coded in JS)."""
    return {
        **board.table.as_dict(),
        "players": [{"id": s.player.id, "name": s.player.name} for s in board.standings],
    }


def page_parts(
    request: HttpRequest,
    game: Game,
    board: Board,
    *,
    form: RoundForm | None = None,
    number: int | None = None,
) -> dict:
    """The board, the keeper's form and actions, and the history, each rendered as html."""
    context = _shared_context(request, game, board, form=form, number=number)
    data = {
        "version": game.version,
        "status": game.status,
        "board_html": board.html,
        "changes_html": render_to_string("games/changes.html", context, request=request),
    }
    if context["keeper"]:
        data["form_html"] = render_to_string("games/keeper_form.html", context, request=request)
        data["actions_html"] = render_to_string(
            "games/keeper_actions.html", context, request=request
        )
    return data
