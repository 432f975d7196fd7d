from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render

from players.forms import PlayerForm
from players.models import Player


def _can_register(request: HttpRequest) -> bool:
    return request.user.is_authenticated and request.user.is_staff


def roster(request: HttpRequest) -> HttpResponse:
    form = None
    if _can_register(request):
        form = PlayerForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                with transaction.atomic():
                    player = form.save()
            except IntegrityError:
                # Another browser registered the same name between check and save.
                form.add_error("name", "That name was just registered; pick another name.")
            else:
                messages.success(request, f"{player.name} is registered.")
                return redirect("players:roster")
    elif request.method == "POST":
        return HttpResponseForbidden("Log in as club staff to register players.")

    show_inactive = request.GET.get("inactive") == "1"
    players = Player.objects.all() if show_inactive else Player.objects.active()
    return render(
        request,
        "players/roster.html",
        {"players": players, "form": form, "show_inactive": show_inactive},
        status=422 if form is not None and form.errors else 200,
    )


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    return render(request, "players/player.html", {"player": player})
