"""`trainscore newtournament`: enter the players, seat stage 1, print the links."""

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from core.rejections import Rejected
from games.command_line import add_game_arguments, read_game_arguments
from players.models import Player
from tournaments import command_line
from tournaments.constraint_words import read_apart, read_fixed
from tournaments.entrants import BandUnread, read_bands
from tournaments.formats import Format
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Start a tournament: enters the players (registering names not yet known), seats "
        "its first stage at random, and prints the tournament's link and each table's "
        "scorekeeper link and key."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--name", required=True, help=_('What the tournament is called: "Spring open".')
        )
        add_game_arguments(parser, players_help=_('Every entrant, comma-separated: "Ann,Bob,Cy".'))
        parser.add_argument("--format", required=True, help=", ".join(Format))
        parser.add_argument(
            "--bands", default="", help=_('Entrants\' bands: "Ann=60–69,Bob=70–79".')
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help=_("Rounds per game (default: all).")
        )
        parser.add_argument(
            "--minutes", type=int, default=None, help=_("Time limit per game, in minutes.")
        )
        parser.add_argument(
            "--table-size", default="", help=_("Players per table, smallest-largest: 4-6.")
        )
        parser.add_argument(
            "--advance", type=int, default=None, help=_("heats-final: how many go on per table.")
        )
        parser.add_argument(
            "--games", type=int, default=None, help=_("rotation, progressive: how many games.")
        )
        parser.add_argument(
            "--move", type=int, default=None, help=_("progressive: how many move per table.")
        )
        parser.add_argument(
            "--apart",
            default="",
            help=_('rotation, progressive: groups never at one table: "Ann+Bob,Cy+Di".'),
        )
        parser.add_argument(
            "--fixed",
            default="",
            help=_('rotation, progressive: who stays at which table (from 1): "Ed=1".'),
        )
        command_line.add_output(parser)

    def handle(self, *args, **options):
        typed = read_game_arguments(options)
        names = typed.names
        bands = _bands(options["bands"], names)
        try:
            apart, fixed = read_apart(options["apart"]), read_fixed(options["fixed"])
        except Rejected as exc:
            raise CommandError(str(exc)) from None
        settings = Settings(
            name=options["name"],
            ruleset=typed.ruleset,
            variant=typed.variant,
            format=options["format"],
            table_size=_table_size(options["table_size"]),
            rounds=options["rounds"],
            minutes=options["minutes"],
            advance=options["advance"],
            games=options["games"],
            move=options["move"],
            apart=apart,
            fixed=fixed,
        )
        try:
            with transaction.atomic():  # a refused tournament registers nobody
                found, registered = Player.objects.find_or_register(names)
                new = create_tournament(
                    settings=settings,
                    entrants=[(found[n.lower()], bands.get(n.lower())) for n in names],
                )
        except Rejected as exc:
            raise CommandError(str(exc)) from None
        command_line.write(self.stdout, new, options, registered=registered)


def _bands(text: str, names: list[str]) -> dict[str, str]:
    """ "Ann=60–69,Bob=70–79" → {"ann": "60–69", "bob": "70–79"}, each name an entrant's."""
    try:
        return read_bands(text.split(","), names)
    except BandUnread as exc:
        if exc.unknown:
            sentence = _("%(name)s has a band but is not among the players; add them to --players.")
            raise CommandError(sentence % {"name": repr(exc.text)}) from None
        sentence = _('Give each band as name=band, such as "Ann=60–69"; %(part)s is not.')
        raise CommandError(sentence % {"part": repr(exc.text)}) from None


def _table_size(text: str) -> tuple[int, int] | None:
    if not text.strip():
        return None
    low, dash, high = text.strip().partition("-")
    try:
        return (int(low), int(high)) if dash else (int(low), int(low))
    except ValueError:
        raise CommandError(
            _("Give the table size as a number or two, smallest first: 4-6.")
        ) from None
