"""`manage.py newnight`: start a game night from the command line and print its links."""

import json

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.commands import TranslatedCommand
from core.rejections import Rejected
from games.command_line import (
    add_base_url,
    add_game_arguments,
    links_for,
    read_game_arguments,
    table_link_lines,
)
from games.outcome import names_list
from nights.starting import NewNight, start_night
from players.models import Player


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Start a game night: seats the players at random at the fewest tables the ruleset "
        "allows (or at --tables tables), registering names not yet known, and prints the "
        "night's link and each table's scorekeeper link and key."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--name", required=True, help=_('What the night is called: "Club night".')
        )
        add_game_arguments(
            parser, players_help=_('Everyone present, comma-separated: "Ann,Bob,Cy".')
        )
        parser.add_argument(
            "--tables", type=int, default=None, help=_("How many tables (default: the fewest).")
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help=_(
                'Print only {"code", "url", "tables": [{"label", "code", "url", '
                '"scorekeeper_url", "key", "players"}]} as JSON.'
            ),
        )
        add_base_url(parser)

    def handle(self, *args, **options):
        typed = read_game_arguments(options)
        try:
            with transaction.atomic():  # a refused night registers nobody
                found, registered = Player.objects.find_or_register(typed.names)
                new = start_night(
                    name=options["name"],
                    ruleset=typed.ruleset,
                    variant=typed.variant,
                    players=[found[name.lower()] for name in typed.names],
                    tables=options["tables"],
                )
        except Rejected as exc:
            raise CommandError(str(exc)) from None

        links = night_links(new, options["base_url"])
        if options["json"]:
            self.stdout.write(json.dumps(links))
            return
        night = new.night
        count = len(new.tables)
        started = ngettext(
            "Started %(night)s: %(game)s at %(count)s table for %(players)s players.",
            "Started %(night)s: %(game)s at %(count)s tables for %(players)s players.",
            count,
        )
        words = {"night": night.name, "game": night.rules.title(night.variant)}
        self.stdout.write(started % {**words, "count": count, "players": len(typed.names)})
        if registered:
            self.stdout.write(
                _("Registered new players: %(players)s.") % {"players": names_list(registered)}
            )
        for line in table_link_lines(_("Night:"), links["url"], links["tables"]):
            self.stdout.write(line)
        self.stdout.write(
            _("Whoever holds a table's key can change its scores; share each with care.")
        )


def night_links(new: NewNight, base_url: str) -> dict:
    code = new.night.code
    return {
        "code": code,
        "url": f"{base_url.rstrip('/')}/nights/{code}/",
        "tables": [
            {
                "label": table.label,
                **links_for(table, base_url),
                "players": [player.name for player in table.players],
            }
            for table in new.tables
        ],
    }
