"""`/games/`: every game by date, newest first, live ones marked; by season, ruleset, player."""

from django import forms
from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.collation import by_name
from games.models import Game, Seat
from players.models import Player
from records.filters import GameFilter

PER_PAGE = 25


class HistoryFilter(GameFilter):
    """The season and ruleset filter every record page shares, and one player's games."""

    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"),
        queryset=Player.objects.all(),
        required=False,
        empty_label=gettext_lazy("Everyone"),
        error_messages={
            "invalid_choice": gettext_lazy("That player is not registered; pick one from the list.")
        },
    )

    field_order = ["season", "ruleset", "player"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Listed by name in the reader's language, not the database's collation.
        field = self.fields["player"]
        players = by_name(field.queryset)
        field.choices = [("", field.empty_label), *((p.pk, p.name) for p in players)]


def history(request: HttpRequest) -> HttpResponse:
    filters = HistoryFilter(request.GET)
    games = (
        Game.objects.order_by("-created", "-pk")
        .annotate(rounds_played=Count("rounds"))
        .select_related("night_table__night")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
    )
    if player := filters.value("player"):
        games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player=player)))
    games = filters.narrow(games)
    page = Paginator(games, PER_PAGE).get_page(request.GET.get("page"))
    # Translators: the last word of a list of names: "Ann, Bob and Cy".
    last_word = _("and")
    for game in page.object_list:
        game.winners = get_text_list([s.player.name for s in game.seats.all() if s.won], last_word)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "records/history.html",
        {"page": page, "filters": filters, "query": query.urlencode()},
    )
