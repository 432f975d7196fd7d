"""What every page needs to speak its reader's language: the switch's choices, and the
words its scripts put on the page.

Scripts have no catalogue of their own to fetch: the page brings theirs (the `djangojs`
messages of every app, in the page's language) in `#script-words`, read by
static/js/words.js. A page kept for offline use so keeps its scripts' words.
"""

import functools
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation.trans_real import DjangoTranslation
from django.views.i18n import JavaScriptCatalog


def context(request: HttpRequest) -> dict:
    language = get_language()
    return {"script_words": script_words(language), "languages": settings.LANGUAGES}


@functools.cache
def script_words(language: str) -> dict[str, str | list[str]]:
    """Each script message (as written, in English) → its translation in `language`; a
    message with a count → its forms (static/js/words.js's ngettext picks one)."""
    if language == "en":
        return {}
    ours = [
        str(Path(config.path) / "locale")
        for config in apps.get_app_configs()
        if (Path(config.path) / "locale").is_dir() and not config.name.startswith("django")
    ]
    catalogue = JavaScriptCatalog()
    catalogue.translation = DjangoTranslation(language, domain="djangojs", localedirs=ours)
    return catalogue.get_catalog()
