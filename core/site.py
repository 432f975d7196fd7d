"""Where people reach the site: full links for sharing (pages, QR codes) built on SITE_URL."""

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest, path: str) -> str:
    """`path` as a full link: on SITE_URL when it is set (the address phones use, which
    `manage.py serve` works out), else on the address this request came in on."""
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/") + path
    return request.build_absolute_uri(path)
