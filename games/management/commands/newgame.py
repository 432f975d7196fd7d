"""`manage.py newgame`: start a game from the command line and print its links and key."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import get_text_list

from games.command_line import add_base_url, links_for, seat_names
from games.scorekeeping import Rejected
from games.starting import start_game
from players.models import Player


class Command(BaseCommand):
    help = (
        "Start a game: seats the players in the order given (registering names not yet "
        "known) and prints the scoreboard link, the scorekeeper link and the key."
    )

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", required=True, help="mexican-train, oll, derailing …")
        parser.add_argument("--variant", default="", help="Such as even for OLL Train.")
        parser.add_argument(
            "--players", required=True, help='Names in seat order, comma-separated: "Ann,Bob,Cy".'
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help='Print only {"code", "url", "scorekeeper_url", "key"} as JSON.',
        )
        add_base_url(parser)

    def handle(self, *args, **options):
        names = seat_names(options["players"])
        try:
            with transaction.atomic():  # a refused game registers nobody
                found, registered = Player.objects.find_or_register(names)
                seated = [found[name.lower()] for name in names]
                new = start_game(
                    ruleset=options["ruleset"], variant=options["variant"] or None, players=seated
                )
        except Rejected as exc:
            raise CommandError(str(exc)) from None

        links = links_for(new, options["base_url"])
        if options["json"]:
            self.stdout.write(json.dumps(links))
            return
        title = new.game.rules.title(new.game.variant)
        self.stdout.write(f"Started {title} for {get_text_list([p.name for p in seated], 'and')}.")
        if registered:
            self.stdout.write(f"Registered new players: {get_text_list(registered, 'and')}.")
        self.stdout.write(f"Scoreboard:       {links['url']}")
        self.stdout.write(f"Scorekeeper link: {links['scorekeeper_url']}")
        self.stdout.write(f"Scorekeeper key:  {links['key']}")
        self.stdout.write("Whoever holds the key can change the scores; share it with care.")
