"""A game's links to share: the scoreboard's for everyone, and the scorekeeper's for the
staff browser that made its key. The game pages and the night pages show them alike."""

from collections.abc import Iterable

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from core.site import absolute_url
from core.staff import is_staff
from games import access, qr
from games.models import Game
from games.starting import NewGame

KEYS_SESSION = "game_keys"
"""Scorekeeper keys this (staff) browser made, by game code: the only place a key is kept
in clear, so the staff member who started a game can show its link again."""

JUST_STARTED_SESSION = "just_started"


def remember_key(request: HttpRequest, game: Game, key: str) -> None:
    known = dict(request.session.get(KEYS_SESSION, {}))
    known[game.code] = key
    request.session[KEYS_SESSION] = known


def keep_score_here(request: HttpRequest, started: Iterable[NewGame]) -> None:
    """The staff browser that just started these games (each with its key in clear) keeps
    score at them, and remembers their keys to show their scorekeeper links."""
    for new in started:
        access.grant(request, new.game)
        remember_key(request, new.game, new.key)


def share_links(request: HttpRequest, game: Game) -> dict:
    """A game's links and QR codes: the scoreboard's for everyone, and for staff the
    scorekeeper's while this browser still knows the key (it made the game or the key)."""
    share_url = absolute_url(request, reverse("games:board", args=[game.code]))
    links = {
        "share_url": share_url,
        "share_qr": qr.svg(share_url, label=_("QR code for the scoreboard link")),
        "keeper_url": None,
        "links_open": request.session.get(JUST_STARTED_SESSION) == game.code,
    }
    if links["links_open"]:
        del request.session[JUST_STARTED_SESSION]
    keeper = keeper_link(request, game, label=_("QR code for the scorekeeper link"))
    if keeper:
        links.update(keeper)
    return links


def known_key(request: HttpRequest, game: Game) -> str | None:
    """The game's scorekeeper key, when this is a staff browser that made it."""
    return request.session.get(KEYS_SESSION, {}).get(game.code) if is_staff(request) else None


def keeper_link(
    request: HttpRequest, game: Game, *, label: str, key: str | None = None
) -> dict | None:
    """The scorekeeper's key, link and QR code (announced as `label`): of `key` when the
    caller kept it for staff, else for a staff browser that knows the key; None otherwise."""
    key = key if key and is_staff(request) else known_key(request, game)
    if not key:
        return None
    keeper_url = absolute_url(request, reverse("games:keep", args=[game.code, key]))
    return {"key": key, "keeper_url": keeper_url, "keeper_qr": qr.svg(keeper_url, label=label)}
