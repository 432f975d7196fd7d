"""`manage.py unlocksignin USERNAME [--address IP]`: let a locked-out staff member sign in."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from trainscore import sign_in


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Forget the failed sign-ins of a username (and, with --address, of an address), "
        "so a locked account can sign in again at once."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", default="", help=_("The staff username."))
        parser.add_argument("--address", default="", help=_("A client address to unlock too."))

    def handle(self, *args, **options):
        username, address = options["username"], options["address"]
        if not username and not address:
            raise CommandError(_("Name the username to unlock (or an --address)."))
        sign_in.unlock(username=username, address=address)
        if username and address:
            done = _("Sign-in unlocked for user %(username)s and %(address)s.")
        elif username:
            done = _("Sign-in unlocked for user %(username)s.")
        else:
            done = _("Sign-in unlocked for %(address)s.")
        self.stdout.write(done % {"username": username, "address": address})
