"""What apps above games add to a game's page, below its board: each registers a part in
its AppConfig.ready() (as it listens to games' after-commit hook), and games draws them
without knowing whose they are (a tournament tells a table's players where they play
next: tournaments/game_page.py). A part is a function (request, game) → its HTML, or ""
when it has nothing to say about this game."""

from collections.abc import Callable

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from games.models import Game

Part = Callable[[HttpRequest, Game], str]

_parts: list[Part] = []


def add_part(part: Part) -> None:
    if part not in _parts:
        _parts.append(part)


def parts_for(request: HttpRequest, game: Game) -> SafeString:
    """Every registered part for this game's page (each a rendered, escaped template)."""
    return mark_safe("".join(part(request, game) for part in _parts))  # noqa: S308
