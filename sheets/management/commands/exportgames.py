"""`manage.py exportgames [FILE]`: every game as a CSV score sheet that importgames reads back."""

from django.core.management.base import BaseCommand, CommandError

from sheets import exporting


class Command(BaseCommand):
    help = (
        "Write every game, oldest first, as a CSV score sheet in the format importgames "
        "reads, to FILE or to standard output."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help="Where to write (default: -).")

    def handle(self, *args, **options):
        path = options["file"]
        if path == "-":
            exporting.write(self.stdout)
            return
        try:
            with open(path, "w", encoding="utf-8", newline="") as out:
                count = exporting.write(out)
        except OSError as exc:
            raise CommandError(f"Can't write {path}: {exc.strerror}; check the path.") from None
        self.stderr.write(f"Wrote {count} game{'s' * (count != 1)} to {path}.")
