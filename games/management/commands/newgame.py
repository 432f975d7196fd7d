"""`manage.py newgame`: start a game from the command line and print its links and key."""

import json

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from core.rejections import Rejected
from games.command_line import (
    add_base_url,
    add_game_arguments,
    game_link_lines,
    links_for,
    read_game_arguments,
)
from games.outcome import names_list
from games.starting import start_game
from players.models import Player


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Start a game: seats the players in the order given (registering names not yet "
        "known) and prints the scoreboard link, the scorekeeper link and the key."
    )

    def add_arguments(self, parser):
        add_game_arguments(
            parser, players_help=_('Names in seat order, comma-separated: "Ann,Bob,Cy".')
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help=_('Print only {"code", "url", "scorekeeper_url", "key"} as JSON.'),
        )
        add_base_url(parser)

    def handle(self, *args, **options):
        typed = read_game_arguments(options)
        try:
            with transaction.atomic():  # a refused game registers nobody
                found, registered = Player.objects.find_or_register(typed.names)
                seated = [found[name.lower()] for name in typed.names]
                new = start_game(ruleset=typed.ruleset, variant=typed.variant, players=seated)
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
