"""`manage.py recomputeratings`: rate every finished game again from scratch."""

from django.core.management.base import BaseCommand

from ratings.updating import recompute


class Command(BaseCommand):
    help = "Forget every stored rating and rate every finished game again, in the order they ended."

    def handle(self, *args, **options):
        games = recompute()
        self.stdout.write(f"Rated {games} finished game{'s' if games != 1 else ''}.")
