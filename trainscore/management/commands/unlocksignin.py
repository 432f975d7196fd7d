"""`manage.py unlocksignin USERNAME [--address IP]`: let a locked-out staff member sign in."""

from django.core.management.base import BaseCommand, CommandError

from trainscore import sign_in


class Command(BaseCommand):
    help = (
        "Forget the failed sign-ins of a username (and, with --address, of an address), "
        "so a locked account can sign in again at once."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", default="", help="The staff username.")
        parser.add_argument("--address", default="", help="A client address to unlock too.")

    def handle(self, *args, **options):
        username, address = options["username"], options["address"]
        if not username and not address:
            raise CommandError("Name the username to unlock (or an --address).")
        sign_in.unlock(username=username, address=address)
        unlocked = " and ".join(
            part for part in (username and f"user {username}", address and address) if part
        )
        self.stdout.write(f"Sign-in unlocked for {unlocked}.")
