"""A management command whose help is in the club's language."""

from django.core.management.base import BaseCommand
from django.utils.functional import Promise


class TranslatedCommand(BaseCommand):
    """Set `about` to a `gettext_lazy` text. argparse takes no lazy text, so `help` turns
    it into a string when the parser is made, in the language active then."""

    about: Promise | str = ""

    @property
    def help(self) -> str:
        return str(self.about)
