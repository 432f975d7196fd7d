"""`manage.py recomputeratings`: rate every finished game again from scratch."""

from django.utils.translation import gettext_lazy, ngettext

from core.commands import TranslatedCommand
from ratings.updating import recompute


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Forget every stored rating and rate every finished game again, in the order they ended."
    )

    def handle(self, *args, **options):
        games = recompute()
        self.stdout.write(
            ngettext("Rated %(count)s finished game.", "Rated %(count)s finished games.", games)
            % {"count": games}
        )
