"""The tournament pages: start one, the overview (stages, standings with a band filter,
medals; staff seat the next stage — drawn and shown before it is kept —, start a stage's
clock, enter late arrivals and withdrawals) and the printable results. The services do
the work; refusals come back as their sentences."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.rejections import Rejected
from core.site import absolute_url
from core.staff import is_staff, staff_only
from games import qr
from games.links import keep_score_here, keeper_link
from games.models import Game, numbered_table
from nights import wall as night_wall
from nights.forms import SeatingError, carried_seats, seating_fields
from players.models import Player
from tournaments import cards as table_cards
from tournaments import clock, game_page, wall
from tournaments.entrants import add_entrant, reinstate, withdraw
from tournaments.forms import LateEntrantForm, NewTournamentForm, WithdrawForm
from tournaments.models import Tournament
from tournaments.overview import live_context, standings_context
from tournaments.selectors import TournamentBoard, tournament_board, unknown_tournament
from tournaments.stages import NewStage, create_tournament, draw_next_stage, seat_next_stage
from tournaments.stages import stage_name as name_of_stage

# What the services call a field, as the new-tournament form calls it.
_FORM_FIELDS = {
    "ruleset": "game",
    "variant": "game",
    "name": "name",
    "players": "players",
    "bands": "bands",
    "table_size": "table_min",
    "rounds": "rounds",
    "minutes": "minutes",
    "advance": "advance",
    "games": "games",
    "move": "move",
    "format": "format",
    "apart": "apart",
    "fixed": "fixed",
}


def get_tournament(code: str) -> TournamentBoard:
    """The tournament as it stands (reading it changes nothing), or 404."""
    return tournament_board(_tournament(code))


def _tournament(code: str) -> Tournament:
    """The tournament alone, for an action that reads what it needs itself, or 404."""
    tournament = Tournament.objects.filter(code=code).first()
    if tournament is None:
        raise unknown_tournament()
    return tournament


# --- Starting a tournament -----------------------------------------------------------


@staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def new_tournament(request: HttpRequest) -> HttpResponse:
    form = NewTournamentForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        bands = form.cleaned_data["bands"]
        try:
            new = create_tournament(
                settings=form.settings(),
                entrants=[(p, bands.get(p.pk)) for p in form.cleaned_data["players"]],
                created_by=request.user,
            )
        except Rejected as exc:
            for field, sentence in exc.errors.items():
                form.add_error(_FORM_FIELDS.get(field), sentence)
        else:
            return _seated(request, new)
    return render(
        request,
        "tournaments/new.html",
        {"form": form, "choices": form.choices},
        status=422 if form.is_bound and form.errors else 200,
    )


def _seated(request: HttpRequest, new: NewStage) -> HttpResponse:
    """The stage is seated: this browser may keep score at its tables (the stage's night
    shows each table's scorekeeper link and QR code), and is back on the tournament's
    page, where the clock starts."""
    keep_score_here(request, new.tables)
    messages.success(
        request,
        _(
            "%(stage)s is seated. Open its scorekeeper links to give each table its own (or "
            "let them scan its QR code), then start the clock here."
        )
        % {"stage": new.title},
    )
    return redirect(reverse("tournaments:overview", args=[new.tournament.code]) + "#stages")


# --- The overview and the results --------------------------------------------------


@require_safe
def overview(request: HttpRequest, code: str) -> HttpResponse:
    board = get_tournament(code)
    context = live_context(board, band=request.GET.get("band") or None, me=request.GET.get("me"))
    if is_staff(request):
        context.update(_staff_context(board))
    return render(
        request,
        "tournaments/overview.html",
        context,
        status=400 if context["band_error"] else 200,
    )


WALL_LINES = 12
"""The standings lines on a page of the wall (big enough to read across a room, on one
1080p screen); more pages take turns."""


@require_safe
def screen(request: HttpRequest, code: str) -> HttpResponse:
    """The wall, phase by phase (tournaments/wall.py): find your table, the stage's tables
    and its clock, the standings between stages, the podium."""
    board = get_tournament(code)
    link = absolute_url(request, reverse("tournaments:overview", args=[board.tournament.code]))
    context = _standings_context(request, board)
    latest = board.latest
    phase = wall.phase(board)
    return render(
        request,
        "tournaments/screen.html",
        {
            **context,
            "phase": phase,
            "latest": latest,
            "latest_title": context["stages"][-1][1] if latest else None,
            "now": timezone.now(),
            "seat_pages": wall.seat_pages(latest) if phase == wall.FIND else [],
            "pages": night_wall.pages(latest.tables) if phase == wall.PLAYING else [],
            "leaders": wall.band_leaders(board),
            "standing_pages": night_wall.pages(context["lines"], most=WALL_LINES),
            "share_text": link.split("://", 1)[-1],
            "qr": qr.svg(link, label=_("QR code for this tournament: %(link)s") % {"link": link}),
        },
    )


CARDS_A_SHEET = 4
"""Table cards on one sheet of A4: four A6 cards, two by two (static/css/table_cards.css)."""


@staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def cards(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A stage's table cards to print, four to an A4 sheet, one to put on each table: who
    sits where, and the table's scorekeeper QR code and key, so the keeper there scans it
    and starts. Staff only: whoever holds a key can change that table's scores.

    Any staff device shows the keys stored when the stage was seated (tournaments/cards.py).
    Posting asks first, in words, whether the printed cards may stop working; confirming
    makes new keys for every table."""
    board = get_tournament(code)
    stage = _stage_of(board, number)
    tournament = board.tournament
    games = [table.board.game for table in stage.tables]
    title = name_of_stage(tournament, number, final=stage.stage.final)
    if request.method == "POST":
        if request.POST.get("step") != "confirm":
            return render(
                request,
                "tournaments/cards_renew.html",
                {"tournament": tournament, "title": title, "number": number},
            )
        made = len(table_cards.renew_keys(games=games))
        sentence = ngettext(
            "Here is a new scorekeeper link for %(count)s table: the printed card no longer "
            "opens scorekeeping; print this page again.",
            "Here are new scorekeeper links for %(count)s tables: the printed cards no "
            "longer open scorekeeping; print this page again.",
            made,
        )
        messages.success(request, sentence % {"count": made})
        return redirect("tournaments:cards", code, number)
    stored = table_cards.stage_keys(games)
    tables = []
    for table in stage.tables:
        game = table.board.game
        label = _("QR code for the scorekeeper of %(table)s") % {"table": table.table.label}
        keeper = keeper_link(request, game, label=label, key=stored.get(game.pk))
        if keeper:
            keeper["keeper_text"] = keeper["keeper_url"].split("://", 1)[-1]
        tables.append((table, keeper))
    return render(
        request,
        "tournaments/cards.html",
        {
            "tournament": tournament,
            "title": title,
            "number": number,
            "sheets": [tables[i : i + CARDS_A_SHEET] for i in range(0, len(tables), CARDS_A_SHEET)],
            "unknown": sum(1 for _table, keeper in tables if keeper is None),
            "fingerprint": table_cards.fingerprint([game.key_hash for game in games]),
        },
    )


@staff_only
@require_safe
def cards_keys(request: HttpRequest, code: str, number: int) -> JsonResponse:
    """Whether the keys an open cards page shows are still the tables' (the page compares
    this fingerprint with its own: static/js/table_cards.js)."""
    keys = table_cards.stage_fingerprint(code=code, number=number)
    if keys is None:
        raise Http404(_("This tournament has no such stage."))
    return JsonResponse({"keys": keys})


def _stage_of(board: TournamentBoard, number: int):
    stage = next((s for s in board.stages if s.number == number), None)
    if stage is None:
        raise Http404(_("This tournament has no such stage."))
    return stage


@require_safe
def after_the_game(request: HttpRequest, code: str, game: str) -> HttpResponse:
    """What a table's game page says below its board (tournaments/game_page.py), alone:
    static/js/next_table.js asks for it again once the game is over."""
    found = Game.objects.filter(code=game, night_table__night__stage__tournament__code=code)
    table = found.first()
    if table is None:
        raise Http404(_("This tournament has no such table."))
    return HttpResponse(game_page.after_the_game(request, table))


@require_safe
def results(request: HttpRequest, code: str) -> HttpResponse:
    board = get_tournament(code)
    return render(request, "tournaments/results.html", _standings_context(request, board))


def _standings_context(request: HttpRequest, board: TournamentBoard) -> dict:
    return standings_context(board, band=request.GET.get("band") or None)


def _staff_context(board: TournamentBoard) -> dict:
    playing = [e.player for e in board.entrants if e.withdrawn is None]
    return {
        "staff": True,
        "can_seat": not board.finished and (board.latest is None or board.latest.finished),
        "late_form": LateEntrantForm(bands=board.tournament.bands),
        "withdraw_form": WithdrawForm(players=playing) if playing else None,
        "withdrawn": [e.player for e in board.entrants if e.withdrawn is not None],
    }


# --- Staff actions -------------------------------------------------------------------


@staff_only
@require_POST
def next_stage(request: HttpRequest, code: str) -> HttpResponse:
    """Draw the next stage and show it; confirming keeps exactly the seats shown."""
    tournament = _tournament(code)
    if request.POST.get("step") == "confirm":
        try:
            seats = carried_seats(request.POST)
            new = seat_next_stage(tournament=tournament, seats=seats, created_by=request.user)
        except SeatingError:
            messages.error(request, _("The seats shown no longer fit; draw them again."))
        except Rejected as exc:
            messages.error(request, str(exc))
        else:
            return _seated(request, new)
        return redirect("tournaments:overview", code)
    try:
        plan = draw_next_stage(tournament=tournament)
    except Rejected as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:overview", code)
    names = {p.pk: p.name for table in plan.tables for p in table}
    repeats = {}
    for repeat in plan.repeats:
        a, b = repeat.players
        repeats.setdefault(repeat.table, []).append((names[a], names[b], repeat.times))
    return render(
        request,
        "tournaments/next_stage.html",
        {
            "tournament": tournament,
            "title": name_of_stage(tournament, plan.number, final=plan.final),
            "tables": [
                (numbered_table(n), players, repeats.get(n - 1, []))
                for n, players in enumerate(plan.tables, start=1)
            ],
            "repeats": len(plan.repeats),
            "preview": plan.preview,
            "games_planned": 1 + len(plan.rest),
            "seating": seating_fields(plan.tables),
        },
    )


@staff_only
@require_POST
def start_clock(request: HttpRequest, code: str, number: int) -> HttpResponse:
    board = get_tournament(code)
    stage = next((s.stage for s in board.stages if s.number == number), None)
    if stage is None:
        raise Http404(_("This tournament has no such stage."))
    try:
        stage = clock.start_clock(stage=stage)
    except Rejected as exc:
        messages.error(request, str(exc))
    else:
        clock.wake_at(stage)
        messages.success(request, _("The clock is running."))
    return redirect("tournaments:overview", code)


@staff_only
@require_POST
def late_entrant(request: HttpRequest, code: str) -> HttpResponse:
    board = get_tournament(code)
    form = LateEntrantForm(request.POST, bands=board.tournament.bands)
    if not form.is_valid():
        messages.error(request, _sentences(form))
        return redirect("tournaments:overview", code)
    name = form.cleaned_data["name"].strip()
    found, _registered = Player.objects.find_or_register([name])
    try:
        add_entrant(
            tournament=board.tournament,
            player=found[name.lower()],
            band=form.cleaned_data.get("band"),
        )
    except Rejected as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, _("%(player)s is entered and plays from the next stage.") % {"player": name}
        )
    return redirect("tournaments:overview", code)


@staff_only
@require_POST
def withdrawal(request: HttpRequest, code: str) -> HttpResponse:
    board = get_tournament(code)
    playing = [e.player for e in board.entrants if e.withdrawn is None]
    form = WithdrawForm(request.POST, players=playing)
    if not form.is_valid():
        messages.error(request, _sentences(form))
        return redirect("tournaments:overview", code)
    player = next(p for p in playing if p.pk == form.cleaned_data["player"])
    if request.POST.get("step") != "confirm":
        # Said first, by name: a withdrawal takes the player off a table not yet played.
        return render(
            request,
            "tournaments/withdraw.html",
            {"tournament": board.tournament, "player": player},
        )
    try:
        withdraw(tournament=board.tournament, player=player)
    except Rejected as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("%(player)s has withdrawn: their results stay, and no later stage seats them.")
            % {"player": player.name},
        )
    return redirect("tournaments:overview", code)


@staff_only
@require_POST
def reinstatement(request: HttpRequest, code: str, player: int) -> HttpResponse:
    """Undo a withdrawal (a mistake, or the player is back): seated again from the next
    stage."""
    board = get_tournament(code)
    entrant = board.entrant(player)
    if entrant is None:
        raise Http404(_("This player is not entered in this tournament."))
    try:
        reinstate(tournament=board.tournament, player=entrant.player)
    except Rejected as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("%(player)s is back in the tournament and is seated from the next stage.")
            % {"player": entrant.player.name},
        )
    return redirect("tournaments:overview", code)


def _sentences(form) -> str:
    """Every sentence a refused form holds, for one message."""
    return " ".join(e for errors in form.errors.values() for e in errors)
