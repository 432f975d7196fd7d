"""What makes the site installable on a phone's home screen and usable offline:
the web app manifest and the service worker.

The worker is served from the site's root (`/sw.js`) so its scope covers every page;
it is rendered with the list of the app's own scripts, styles and icons to keep, so
that list has one source: the static files themselves. It carries its offline page in
every language of the site, and shows it in the reader's.
"""

import functools
import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

KEPT_FOLDERS = ("css/", "js/", "icons/")
"""The static folders of the app's own look and scripts; admin and API-docs files stay out."""

ICON_SIZES = (192, 512)
THEME_COLOR = "#0b5fa5"  # base.css's --accent
BACKGROUND_COLOR = "#fbfaf7"  # base.css's --bg


def _own_static_files() -> list[tuple[str, bytes]]:
    """(path under STATIC_URL, content) of every script, style and icon the app serves."""
    found: dict[str, bytes] = {}
    for finder in finders.get_finders():
        for path, storage in finder.list(ignore_patterns=["*.map", ".*"]):
            if path.startswith(KEPT_FOLDERS) and path not in found:
                with storage.open(path) as file:
                    found[path] = file.read()
    return sorted(found.items())


def _offline_pages() -> dict[str, dict[str, str]]:
    """The worker's offline page (a game page never opened on the device), in each
    language of the site: its title, heading and sentence, escaped for HTML."""
    pages = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            words = {
                "title": _("Offline · TrainScore"),
                "heading": _("You are offline"),
                "text": _(
                    "This page was not opened on this device before, so it can't be shown "
                    "without a connection. Check the connection, then reload."
                ),
            }
        pages[code] = {part: escape(text) for part, text in words.items()}
    return pages


def _service_worker() -> str:
    files = _own_static_files()
    digest = hashlib.sha256()
    for path, content in files:
        digest.update(path.encode())
        digest.update(content)
    return render_to_string(
        "sw.js",
        {
            # A new name whenever a kept file changes, so an upgrade replaces the old copies.
            "cache_name": f"trainscore-{digest.hexdigest()[:12]}",
            "precache": json.dumps([static(path) for path, _ in files]),
            "static_url": settings.STATIC_URL,
            "pages": json.dumps(reverse("records:history")),
            "offline": json.dumps(_offline_pages()),
            "club_language": json.dumps(settings.LANGUAGE_CODE),
        },
    )


# Every page load asks for the worker; the files only change with a deployment (a restart).
_service_worker_once = functools.cache(_service_worker)


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    script = _service_worker() if settings.DEBUG else _service_worker_once()
    return HttpResponse(script, content_type="text/javascript; charset=utf-8")


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    icons = [
        {
            "src": static(f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in ICON_SIZES
    ]
    icons.append({"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    body = {
        "name": "TrainScore",
        "short_name": "TrainScore",
        "description": _("Live scoreboards for train-domino games at the club."),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    }
    return HttpResponse(json.dumps(body, indent=2), content_type="application/manifest+json")
