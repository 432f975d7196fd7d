from django.core.management.base import BaseCommand
from django.urls import reverse

from trainscore import first_admin


class Command(BaseCommand):
    help = "Print a one-time link that creates the first admin account (only when none exists)."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="The server's address.")

    def handle(self, *args, url: str, **options):
        if not first_admin.needs_setup():
            return
        path = reverse("setup", args=[first_admin.new_token()])
        self.stdout.write(
            "\nNo account exists yet. Open this link once to create the admin account:\n"
            f"    {url.rstrip('/')}{path}\n"
        )
