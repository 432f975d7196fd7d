from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from trainscore import first_admin


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Print a one-time link that creates the first admin account (only when none exists)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--url", default="http://127.0.0.1:8000", help=_("The server's address.")
        )

    def handle(self, *args, url: str, **options):
        if not first_admin.needs_setup():
            return
        path = reverse("setup", args=[first_admin.new_token()])
        no_account = _("No account exists yet. Open this link once to create the admin account:")
        self.stdout.write(f"\n{no_account}\n    {url.rstrip('/')}{path}\n")
