"""`manage.py newgame`: start a game from the command line and print its links and key."""

import json

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from core.rejections import Rejected
from games.command_line import add_base_url, game_link_lines, links_for, seat_names
from games.outcome import names_list
from games.starting import start_game
from players.models import Player


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Start a game: seats the players in the order given (registering names not yet "
        "known) and prints the scoreboard link, the scorekeeper link and the key."
    )

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", required=True, help="mexican-train, oll, derailing …")
        parser.add_argument(
            "--variant",
            default="",
            # Translators: "even" is a variant's slug, typed as it is.
            help=_("Such as even for OLL Train."),
        )
        parser.add_argument(
            "--players",
            required=True,
            help=_('Names in seat order, comma-separated: "Ann,Bob,Cy".'),
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help=_('Print only {"code", "url", "scorekeeper_url", "key"} as JSON.'),
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
        # Translators: game is a game's name; players their names ("Ann, Bob and Cy").
        started = _("Started %(game)s for %(players)s.")
        self.stdout.write(
            started % {"game": title, "players": names_list([p.name for p in seated])}
        )
        if registered:
            sentence = _("Registered new players: %(players)s.")
            self.stdout.write(sentence % {"players": names_list(registered)})
        for line in game_link_lines(links):
            self.stdout.write(line)
        self.stdout.write(_("Whoever holds the key can change the scores; share it with care."))
