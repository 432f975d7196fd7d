"""What the newgame, newnight, newtournament and nextstage commands share: the game and
the players typed (`add_game_arguments`, read back by `read_game_arguments`), the site
address for the links, and the links they print for a game, lined up."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from games.outcome import names_list
from games.starting import NewGame
from players.models import NAME_MAX_LENGTH

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


def add_game_arguments(parser, *, players_help: str) -> None:
    """--ruleset, --variant and --players, as newgame, newnight and newtournament take them;
    `players_help` says whom the command's --players names (in seat order, everyone present,
    every entrant)."""
    parser.add_argument("--ruleset", required=True, help="mexican-train, oll, derailing …")
    # Translators: "even" is a variant's slug, typed as it is.
    parser.add_argument("--variant", default="", help=_("Such as even for OLL Train."))
    parser.add_argument("--players", required=True, help=players_help)


@dataclass(frozen=True)
class TypedGame:
    """What `add_game_arguments` took, as the services want it."""

    ruleset: str
    variant: str | None
    """None: the ruleset's own game (nothing typed)."""
    names: list[str]
    """The players' names in the order typed, each checked for length."""


def read_game_arguments(options: dict) -> TypedGame:
    return TypedGame(
        ruleset=options["ruleset"],
        variant=options["variant"] or None,
        names=seat_names(options["players"]),
    )


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


def link_labels() -> dict[str, str]:
    """What each of a game's links (`links_for`) is called, in the active language."""
    return {
        "url": _("Scoreboard:"),
        "scorekeeper_url": _("Scorekeeper link:"),
        "key": _("Scorekeeper key:"),
    }


def game_link_lines(links: dict[str, str]) -> list[str]:
    """A game's links, each after its label, lined up however long the labels are."""
    labels = link_labels()
    width = max(len(label) for label in labels.values())
    return [f"{labels[key].ljust(width)} {links[key]}" for key in labels]


def table_link_lines(label: str, url: str, tables: Sequence[dict]) -> list[str]:
    """`url` (a night's or a tournament's) after its `label`, then each table: its label
    and players ("Ann, Bob and Cy"), and its game's links indented, all lined up after
    their labels however long the labels are in a language."""
    labels = link_labels()
    width = max(len(text) for text in [label, *labels.values()])
    lines = [f"{label.ljust(width)} {url}"]
    for table in tables:
        lines.append(f"{table['label']}: {names_list(table['players'])}")
        lines += [f"  {labels[key].ljust(width)} {table[key]}" for key in labels]
    return lines
