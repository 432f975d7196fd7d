"""`manage.py importgames FILE`: bring past score sheets in (sheets/importing.py; the format is
in docs/importing.md)."""

import sys

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.commands import TranslatedCommand
from sheets import importing

BAR = 30  # characters in the progress bar
SHOW_PROGRESS_FROM = 20  # games: smaller files finish before a bar would help


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Import games from a CSV score sheet (its format is in docs/importing.md). Every "
        "game and round is checked by the game's rules; one bad line stops the import and "
        "nothing is kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The CSV file, or - to read standard input."))

    def handle(self, *args, **options):
        path = options["file"]
        try:
            games = self._read(path)
        except OSError as exc:
            raise CommandError(
                _("Can't read %(path)s: %(reason)s; check the path.")
                % {"path": path, "reason": exc.strerror}
            ) from None
        except importing.SheetError as exc:
            raise CommandError(_nothing_imported(exc)) from None
        if not games:
            raise CommandError(
                _(
                    "%(path)s has no games: each game starts with a line like "
                    "game,2025-01-12,mexican-train,,Dave,Mitch."
                )
                % {"path": path}
            )

        progress = self._progress(len(games)) if len(games) >= SHOW_PROGRESS_FROM else None
        try:
            registered = importing.load(games, progress=progress)
        except importing.SheetError as exc:
            if progress:
                self.stderr.write("")
            raise CommandError(_nothing_imported(exc)) from None
        rounds = sum(len(game.rounds) for game in games)
        words = {
            "count": len(games),
            "rounds": ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds},
            "players": ngettext("%(count)s new player", "%(count)s new players", registered)
            % {"count": registered},
        }
        if registered:
            done = ngettext(
                "Imported %(count)s game (%(rounds)s) and registered %(players)s.",
                "Imported %(count)s games (%(rounds)s) and registered %(players)s.",
                len(games),
            )
        else:
            done = ngettext(
                "Imported %(count)s game (%(rounds)s).",
                "Imported %(count)s games (%(rounds)s).",
                len(games),
            )
        self.stdout.write(done % words)

    def _read(self, path: str) -> list[importing.SheetGame]:
        if path == "-":
            return importing.read(sys.stdin)
        with open(path, encoding="utf-8-sig", newline="") as sheet:
            return importing.read(sheet)

    def _progress(self, total: int):
        """A bar on stderr, redrawn in place, at most about BAR times in all."""
        step = max(1, total // BAR)

        def show(done: int) -> None:
            if done % step and done != total:
                return
            filled = BAR * done // total
            bar = "#" * filled + "." * (BAR - filled)
            self.stderr.write(
                "\r"
                + _("Importing [%(bar)s] %(done)s/%(total)s games")
                % {"bar": bar, "done": done, "total": total},
                ending="\n" if done == total else "",
            )
            self.stderr.flush()

        return show


def _nothing_imported(error: importing.SheetError) -> str:
    return _("%(error)s Nothing was imported.") % {"error": error}
