"""`manage.py newgame`: start a game from the command line and print its links and key."""

import json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.scorekeeping import Rejected
from games.starting import NewGame, start_game
from players.models import NAME_MAX_LENGTH, Player

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


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
        game = new.game
        title = game.rules.name
        if game.variant:
            title += f" ({game.rules.variant_name(game.variant)})"
        self.stdout.write(f"Started {title} for {listed(p.name for p in seated)}.")
        if registered:
            self.stdout.write(f"Registered new players: {listed(registered)}.")
        self.stdout.write(f"Scoreboard:       {links['url']}")
        self.stdout.write(f"Scorekeeper link: {links['scorekeeper_url']}")
        self.stdout.write(f"Scorekeeper key:  {links['key']}")
        self.stdout.write("Whoever holds the key can change the scores; share it with care.")


def add_base_url(parser) -> None:
    parser.add_argument(
        "--base-url",
        default=settings.SITE_URL or DEFAULT_BASE_URL,
        help="Where the site is reached, for the links (default: SITE_URL or %(default)s).",
    )


def seat_names(players: str) -> list[str]:
    names = [name.strip() for name in players.split(",") if name.strip()]
    for name in names:
        if len(name) > NAME_MAX_LENGTH:
            raise CommandError(
                f"Keep each name to {NAME_MAX_LENGTH} characters or fewer; {name!r} is longer."
            )
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


def listed(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
