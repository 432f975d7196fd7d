"""`manage.py newnight`: start a game night from the command line and print its links."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import get_text_list

from games.command_line import add_base_url, links_for, seat_names
from games.scorekeeping import Rejected
from nights.starting import NewNight, start_night
from players.models import Player


class Command(BaseCommand):
    help = (
        "Start a game night: seats the players at random at the fewest tables the ruleset "
        "allows (or at --tables tables), registering names not yet known, and prints the "
        "night's link and each table's scorekeeper link and key."
    )

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True, help='What the night is called: "Club night".')
        parser.add_argument("--ruleset", required=True, help="mexican-train, oll, derailing …")
        parser.add_argument("--variant", default="", help="Such as even for OLL Train.")
        parser.add_argument(
            "--players", required=True, help='Everyone present, comma-separated: "Ann,Bob,Cy".'
        )
        parser.add_argument(
            "--tables", type=int, default=None, help="How many tables (default: the fewest)."
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help='Print only {"code", "url", "tables": [{"label", "code", "url", '
            '"scorekeeper_url", "key", "players"}]} as JSON.',
        )
        add_base_url(parser)

    def handle(self, *args, **options):
        names = seat_names(options["players"])
        try:
            with transaction.atomic():  # a refused night registers nobody
                found, registered = Player.objects.find_or_register(names)
                new = start_night(
                    name=options["name"],
                    ruleset=options["ruleset"],
                    variant=options["variant"] or None,
                    players=[found[name.lower()] for name in names],
                    tables=options["tables"],
                )
        except Rejected as exc:
            raise CommandError(str(exc)) from None

        links = night_links(new, options["base_url"])
        if options["json"]:
            self.stdout.write(json.dumps(links))
            return
        night = new.night
        title = night.rules.title(night.variant)
        count = len(new.tables)
        self.stdout.write(
            f"Started {night.name}: {title} at {count} {'table' if count == 1 else 'tables'} "
            f"for {len(names)} players."
        )
        if registered:
            self.stdout.write(f"Registered new players: {get_text_list(registered, 'and')}.")
        self.stdout.write(f"Night:            {links['url']}")
        for table in links["tables"]:
            self.stdout.write(f"{table['label']}: {get_text_list(table['players'], 'and')}")
            self.stdout.write(f"  Scoreboard:       {table['url']}")
            self.stdout.write(f"  Scorekeeper link: {table['scorekeeper_url']}")
            self.stdout.write(f"  Scorekeeper key:  {table['key']}")
        self.stdout.write(
            "Whoever holds a table's key can change its scores; share each with care."
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
