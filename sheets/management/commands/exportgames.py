"""`manage.py exportgames [FILE]`: every game as a CSV score sheet that importgames reads back."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.commands import TranslatedCommand
from sheets import exporting


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Write every game, oldest first, as a CSV score sheet in the format importgames "
        "reads, to FILE or to standard output."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help=_("Where to write (default: -)."))

    def handle(self, *args, **options):
        path = options["file"]
        if path == "-":
            exporting.write(self.stdout)
            return
        try:
            with open(path, "w", encoding="utf-8", newline="") as out:
                count = exporting.write(out)
        except OSError as exc:
            raise CommandError(
                _("Can't write %(path)s: %(reason)s; check the path.")
                % {"path": path, "reason": exc.strerror}
            ) from None
        self.stderr.write(
            ngettext(
                "Wrote %(count)s game to %(path)s.", "Wrote %(count)s games to %(path)s.", count
            )
            % {"count": count, "path": path}
        )
