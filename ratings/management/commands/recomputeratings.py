"""`manage.py recomputeratings`: rate every finished game again from scratch."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ratings.updating import recompute


class Command(BaseCommand):
    @property
    def help(self) -> str:  # read when the parser is made, in the language then active
        return _(
            "Forget every stored rating and rate every finished game again, in the order they "
            "ended."
        )

    def handle(self, *args, **options):
        games = recompute()
        self.stdout.write(
            ngettext("Rated %(count)s finished game.", "Rated %(count)s finished games.", games)
            % {"count": games}
        )
