"""`manage.py importgames FILE`: bring past score sheets in (format: games/importing.py, README)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from sheets import importing

BAR = 30  # characters in the progress bar
SHOW_PROGRESS_FROM = 20  # games: smaller files finish before a bar would help


class Command(BaseCommand):
    help = (
        "Import games from a CSV score sheet (see 'Importing past score sheets' in the "
        "README). Every game and round is checked by the game's rules; one bad line "
        "stops the import and nothing is kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The CSV file, or - to read standard input.")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            games = self._read(path)
        except OSError as exc:
            raise CommandError(f"Can't read {path}: {exc.strerror}; check the path.") from None
        except importing.SheetError as exc:
            raise CommandError(f"{exc} Nothing was imported.") from None
        if not games:
            raise CommandError(
                f"{path} has no games: each game starts with a line like "
                "game,2025-01-12,mexican-train,,Dave,Mitch."
            )

        progress = self._progress(len(games)) if len(games) >= SHOW_PROGRESS_FROM else None
        try:
            registered = importing.load(games, progress=progress)
        except importing.SheetError as exc:
            if progress:
                self.stderr.write("")
            raise CommandError(f"{exc} Nothing was imported.") from None
        rounds = sum(len(game.rounds) for game in games)
        self.stdout.write(
            f"Imported {len(games)} game{'s' * (len(games) != 1)} "
            f"({rounds} round{'s' * (rounds != 1)})"
            + (
                f" and registered {registered} new player{'s' * (registered != 1)}."
                if registered
                else "."
            )
        )

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
            self.stderr.write(
                f"\rImporting [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} games",
                ending="\n" if done == total else "",
            )
            self.stderr.flush()

        return show
