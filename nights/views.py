"""The night pages: start a night (the seating is shown before it is kept), the night
page with every table's board, and the wall screen. Staff can move a player before
the first save and add a table late; the services in `nights.starting` do the work."""

from dataclasses import replace

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.rejections import Rejected
from core.site import absolute_url
from core.staff import is_staff, staff_only
from games import qr
from games.links import keep_score_here, share_links
from games.models import Game, numbered_table
from nights import wall
from nights.forms import (
    AddTableForm,
    MoveForm,
    NewNightForm,
    SeatingError,
    carried_seating,
    seating_fields,
)
from nights.snapshot import NightBoard, TableBoard, load_night
from nights.starting import add_table, move_player, start_night
from players.models import Player
from rules.seating import SeatingRefused, seat_at_random, table_sizes

# What the services call a field, as the new-night form calls it.
_FORM_FIELDS = {
    "ruleset": "game",
    "variant": "game",
    "name": "name",
    "players": "players",
    "tables": "tables",
}


# --- Starting a night ------------------------------------------------------------


@staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def new_night(request: HttpRequest) -> HttpResponse:
    """Form → preview of the drawn seating → confirm. Each step is a plain form post:
    the preview carries the seating it shows, so what is confirmed is what was seen."""
    form = NewNightForm(request.POST if request.method == "POST" else None)
    step = request.POST.get("step", "draw")
    if request.method == "POST" and step != "change" and form.is_valid():
        players = list(form.cleaned_data["players"])
        if step == "confirm":
            try:
                seating = carried_seating(request.POST, players)
            except SeatingError:
                form.add_error(
                    None,
                    _("The seating shown no longer matches the players ticked; draw it again."),
                )
            else:
                started = _start(request, form, seating)
                if started is not None:
                    return started
        if not form.errors:
            seating = _draw(form, players)
            if seating is not None:
                return _preview(request, form, seating)
    return render(
        request,
        "nights/new.html",
        {"form": form, "choices": form.choices},
        status=422 if form.is_bound and form.errors and step != "change" else 200,
    )


def _draw(form: NewNightForm, players: list[Player]) -> list[list[Player]] | None:
    choice = form.cleaned_data["game"]
    try:
        sizes = table_sizes(
            choice.ruleset, choice.variant, len(players), form.cleaned_data["tables"]
        )
    except SeatingRefused as exc:
        form.add_error(_FORM_FIELDS.get(exc.argument), str(exc))
        return None
    return seat_at_random(players, sizes)


def _preview(request: HttpRequest, form: NewNightForm, seating: list[list[Player]]) -> HttpResponse:
    return render(
        request,
        "nights/preview.html",
        {
            "form": form,
            "choice": form.cleaned_data["game"],
            "tables": [(numbered_table(n), players) for n, players in enumerate(seating, start=1)],
            "seating": seating_fields(seating),
        },
    )


def _start(
    request: HttpRequest, form: NewNightForm, seating: list[list[Player]]
) -> HttpResponse | None:
    choice = form.cleaned_data["game"]
    try:
        started = start_night(
            name=form.cleaned_data["name"],
            date=form.cleaned_data["date"],
            ruleset=choice.ruleset.slug,
            variant=choice.variant,
            players=form.cleaned_data["players"],
            seating=seating,
            created_by=request.user,
        )
    except Rejected as exc:
        for field, sentence in exc.errors.items():
            form.add_error(_FORM_FIELDS.get(field.split(".")[0]), sentence)
        return None
    keep_score_here(request, started.tables)
    messages.success(
        request,
        _(
            "The night is ready. Give each table its scorekeeper link (or let them scan its QR "
            "code); the night's link and its wall screen are for everyone."
        ),
    )
    return redirect(reverse("nights:night", args=[started.night.code]) + "#tables")


# --- The night page and the wall screen --------------------------------------------


def get_night(code: str) -> NightBoard:
    night = load_night(code)
    if night is None:
        raise Http404(_("No night has this code."))
    return night


def table_views(night: NightBoard, request: HttpRequest | None = None) -> list[TableBoard]:
    """Each table with its board; with `request` from staff, with its links too."""
    if request is None or not is_staff(request):
        return night.tables
    return [replace(t, links=share_links(request, t.game)) for t in night.tables]


@require_safe
def night_page(request: HttpRequest, code: str) -> HttpResponse:
    return _render_night(request, get_night(code))


def _render_night(
    request: HttpRequest,
    loaded: NightBoard,
    *,
    move_form: MoveForm | None = None,
    add_form: AddTableForm | None = None,
    status: int = 200,
) -> HttpResponse:
    night = loaded.night
    tables = table_views(loaded, request)
    link = absolute_url(request, reverse("nights:night", args=[night.code]))
    context = {
        "night": night,
        "tables": tables,
        "finished": loaded.status == Game.Status.FINISHED,
        "share_url": link,
        "share_qr": qr.svg(link, label=_("QR code for the night's link")),
    }
    if is_staff(request):
        # A move needs two tables that have not saved a round yet.
        if move_form is None and sum(1 for t in tables if not t.board.rounds) > 1:
            move_form = MoveForm(tables=loaded.tables)
        context["move_form"] = move_form
        context["add_form"] = add_form or AddTableForm()
    return render(request, "nights/night.html", context, status=status)


@require_safe
def screen(request: HttpRequest, code: str) -> HttpResponse:
    loaded = get_night(code)
    night = loaded.night
    link = absolute_url(request, reverse("nights:night", args=[night.code]))
    return render(
        request,
        "nights/screen.html",
        {
            "night": night,
            "pages": wall.pages(table_views(loaded)),
            "finished": loaded.status == Game.Status.FINISHED,
            "share_text": link.split("://", 1)[-1],
            "qr": qr.svg(link, label=_("QR code for this night: %(link)s") % {"link": link}),
        },
    )


# --- Changes staff make -------------------------------------------------------------


@staff_only
@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    loaded = get_night(code)
    night = loaded.night
    form = MoveForm(request.POST, tables=loaded.tables)
    if form.is_valid():
        player = Player.objects.get(pk=form.cleaned_data["player"])
        to = next(t.table for t in loaded.tables if t.table.position == form.cleaned_data["table"])
        try:
            move_player(night=night, player=player, to=to)
        except Rejected as exc:
            for field, sentence in exc.errors.items():
                form.add_error(field if field in form.fields else None, sentence)
        else:
            messages.success(
                request,
                _("%(player)s now sits at %(table)s.") % {"player": player.name, "table": to.label},
            )
            return redirect(reverse("nights:night", args=[night.code]) + "#tables")
    return _render_night(request, get_night(code), move_form=form, status=422)


@staff_only
@require_POST
def new_table(request: HttpRequest, code: str) -> HttpResponse:
    night = get_night(code).night
    form = AddTableForm(request.POST)
    if form.is_valid():
        try:
            new = add_table(
                night=night,
                players=list(form.cleaned_data["players"]),
                label=form.cleaned_data["label"],
                created_by=request.user,
            )
        except Rejected as exc:
            for field, sentence in exc.errors.items():
                form.add_error(field if field in form.fields else None, sentence)
        else:
            keep_score_here(request, [new])
            messages.success(
                request, _("%(table)s is added: its links are below.") % {"table": new.label}
            )
            return redirect(reverse("nights:night", args=[night.code]) + f"#table-{new.game.code}")
    return _render_night(request, get_night(code), add_form=form, status=422)
