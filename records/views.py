from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.staff import is_staff
from games.models import Game
from players.forms import PlayerForm
from players.models import Player
from ratings.chart import rating_chart
from ratings.models import RATING_WORDS, Rating
from records import stats
from records.filters import GameFilter, RecordFilter
from records.form_chart import form_chart

COLUMNS = [
    ("name", gettext_lazy("Name")),
    ("games", gettext_lazy("Games")),
    ("wins", gettext_lazy("Wins")),
    # Translators: short for "win average" (wins divided by games: 0.571).
    ("avg", gettext_lazy("Avg")),
    ("rating", gettext_lazy("Rating")),
]


RECENT_CHANGES = 10


def roster(request: HttpRequest) -> HttpResponse:
    form = None
    if is_staff(request):
        form = PlayerForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                with transaction.atomic():
                    player = form.save()
            except IntegrityError:
                # Another browser registered the same name between check and save.
                form.add_error("name", _("That name was just registered; pick another name."))
            else:
                messages.success(request, _("%(name)s is registered.") % {"name": player.name})
                return redirect("records:roster")
    elif request.method == "POST":
        return HttpResponseForbidden(_("Log in as club staff to register players."))

    filters = RecordFilter(request.GET)
    show_inactive = filters.show_inactive
    players = Player.objects.all() if show_inactive else Player.objects.active()
    sort = filters.sort_key
    return render(
        request,
        "records/roster.html",
        {
            "rows": stats.roster(players, filters.games(), sort=sort),
            "form": form,
            "filters": filters,
            "columns": _sort_links(request, sort),
            "show_inactive": show_inactive,
            "rating_words": RATING_WORDS,
        },
        status=422 if form is not None and form.errors else 200,
    )


def _sort_links(request: HttpRequest, sort: str) -> list[dict]:
    """Each column's heading: its link (same filters, that sort) and its aria-sort state."""
    columns = []
    for key, label in COLUMNS:
        first = key if key == "name" else f"-{key}"  # numbers: most first
        current = sort.lstrip("-") == key
        descending = sort.startswith("-")
        next_sort = (key if descending else f"-{key}") if current else first
        query = request.GET.copy()
        query["sort"] = next_sort
        query.pop("page", None)
        columns.append(
            {
                "key": key,
                "label": label,
                "query": query.urlencode(),
                "state": ("descending" if descending else "ascending") if current else None,
            }
        )
    return columns


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    filters = GameFilter(request.GET)
    games = filters.games()
    rulesets = stats.by_ruleset(player, games)
    form = stats.form(player, games)
    ratings = list(Rating.objects.among(games).filter(player=player).select_related("game"))
    return render(
        request,
        "records/player.html",
        {
            "player": player,
            "record": stats.summary(rulesets),
            "rulesets": rulesets,
            "rivals": stats.head_to_head(player, games),
            "recent": stats.recent_games(player),
            "nights": stats.nights_played(player, filters.narrow(Game.objects.all())),
            "form_chart": form_chart(form),
            "filters": filters,
            "rating": ratings[-1] if ratings else None,
            "rating_change": _signed(ratings[-1].change) if ratings else None,
            "rating_changes": ratings[: -RECENT_CHANGES - 1 : -1],
            "rating_chart": rating_chart(ratings),
            "rating_words": RATING_WORDS,
        },
    )


def _signed(change: float) -> str:
    """A rating's change with its sign, "+1.5" or "-0.3", as the page's language writes
    numbers (for a sentence; the table's cells add the sign themselves)."""
    return f"{'+' if change >= 0 else ''}{floatformat(change, 1)}"
