from django.apps import AppConfig
from django.utils import translation

from rules import words


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules"

    def ready(self) -> None:
        # The pure rules modules speak through rules.words, which answers in English
        # until it has Django's functions (those follow the language of each request).
        words.install(
            gettext=translation.gettext,
            ngettext=translation.ngettext,
            pgettext=translation.pgettext,
        )
