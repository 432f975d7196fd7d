"""What the newgame and newnight commands share: the names typed, the site address for
the links, and the links they print for a game."""

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from games.starting import NewGame
from players.models import NAME_MAX_LENGTH

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


def add_base_url(parser) -> None:
    parser.add_argument(
        "--base-url",
        default=settings.SITE_URL or DEFAULT_BASE_URL,
        help=_("Where the site is reached, for the links (default: SITE_URL or %(default)s)."),
    )


def seat_names(players: str) -> list[str]:
    names = [name.strip() for name in players.split(",") if name.strip()]
    for name in names:
        if len(name) > NAME_MAX_LENGTH:
            sentence = _("Keep each name to %(most)s characters or fewer; %(name)s is longer.")
            raise CommandError(sentence % {"most": NAME_MAX_LENGTH, "name": repr(name)})
    return names


def links_for(new: NewGame, base_url: str) -> dict[str, str]:
    base = base_url.rstrip("/")
    code = new.game.code
    return {
        "code": code,
        "url": f"{base}/games/{code}/",
        "scorekeeper_url": f"{base}/games/{code}/keep/{new.key}/",
        "key": new.key,
    }
