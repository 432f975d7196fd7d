"""What the game, night, tournament and player pages show of their result picture: the
link-preview tags in their head (Open Graph and Twitter cards, so a link pasted in a chat
shows the result) and the "Share the result" button. Each tag reads the board its page
has loaded: no query of its own."""

from dataclasses import dataclass

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.site import absolute_url
from games import qr
from pictures.events import game_result, night_result, tournament_result
from pictures.result import Result

register = template.Library()


@dataclass(frozen=True)
class Shared:
    """A page's result picture: what it shows, where it is, and the page's own link."""

    result: Result
    picture: str
    """The picture's path, with its version: a chat that kept an older one asks anew."""
    page: str
    filename: str

    @property
    def title(self) -> str:
        return " · ".join([self.result.title, self.result.facts[0]])


def _shared(context, result: Result, kind: str, code: str, page: str) -> dict:
    request = context["request"]
    path = reverse(f"pictures:{kind}", args=[code])
    shared = Shared(
        result=result,
        picture=f"{path}?v={result.version[:12]}",
        page=absolute_url(request, page),
        filename=f"result-{code}.png",
    )
    return {"shared": shared, "image": absolute_url(request, shared.picture)}


@register.inclusion_tag("pictures/link_preview.html", takes_context=True)
def game_link_preview(context, board):
    return _of_game(context, board)


@register.inclusion_tag("pictures/share.html", takes_context=True)
def game_share(context, board):
    return _of_game(context, board)


def _of_game(context, board) -> dict:
    code = board.game.code
    return _shared(context, game_result(board), "game", code, reverse("games:board", args=[code]))


@register.inclusion_tag("pictures/link_preview.html", takes_context=True)
def night_link_preview(context, night, tables):
    return _of_night(context, night, tables)


@register.inclusion_tag("pictures/share.html", takes_context=True)
def night_share(context, night, tables):
    return _of_night(context, night, tables)


def _of_night(context, night, tables) -> dict:
    page = reverse("nights:night", args=[night.code])
    return _shared(context, night_result(night, tables), "night", night.code, page)


@register.inclusion_tag("pictures/link_preview.html", takes_context=True)
def tournament_link_preview(context, board):
    return _of_tournament(context, board)


@register.inclusion_tag("pictures/share.html", takes_context=True)
def tournament_share(context, board):
    return _of_tournament(context, board)


def _of_tournament(context, board) -> dict:
    code = board.tournament.code
    page = reverse("tournaments:overview", args=[code])
    return _shared(context, tournament_result(board), "tournament", code, page)


@register.inclusion_tag("pictures/link_preview.html", takes_context=True)
def player_link_preview(context, player, record, recent):
    """A player's page: their name, their record, and the picture of their latest game
    (the first of `recent`, records.stats.recent_games), none before their first."""
    if record.games:
        wins = ngettext("%(count)s win", "%(count)s wins", record.wins) % {"count": record.wins}
        # Translators: wins is "3 wins"; games the number of games played.
        said = ngettext(
            "%(wins)s in %(games)s game", "%(wins)s in %(games)s games", record.games
        ) % {"wins": wins, "games": record.games}
    else:
        said = _("No finished games yet.")
    request = context["request"]
    latest = recent[0].seat.game.code if recent else None
    return {
        "title": player.name,
        "description": said,
        "page": absolute_url(request, reverse("records:player", args=[player.pk])),
        "image": absolute_url(request, reverse("pictures:game", args=[latest])) if latest else "",
    }


@dataclass(frozen=True)
class PictureLink:
    qr: str
    text: str
    """The link as a wall writes it, without "http://"."""


@register.simple_tag(takes_context=True)
def night_picture_link(context, night) -> PictureLink:
    """The night's result picture as a QR code, for its wall once every table has finished."""
    link = absolute_url(context["request"], reverse("pictures:night", args=[night.code]))
    label = _("QR code for the night's result picture: %(link)s") % {"link": link}
    return PictureLink(qr=qr.svg(link, label=label), text=link.split("://", 1)[-1])
