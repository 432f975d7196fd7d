"""Which languages a game's screens read, across every server process.

A change is rendered once per language in use, never once per viewer (docs/languages.md,
"Live boards, once per language in use"). Each process's feed of a game marks the
languages of its screens here, in the cache (shared through Redis when there are several
processes), and renews the mark while it keeps them; the broadcast renders the change in
each marked language. A mark outlives its last screen by up to `KEPT` (the feeds do not
know each other's screens, so none may take a mark away): a language that was just in use
costs one render a change for that long. A feed that gets a change without its language
renders that itself (live/fanout.py), so a mark lost or late costs a render, never a
viewer's update.
"""

from types import SimpleNamespace

from django.conf import settings
from django.core.cache import cache
from django.http import parse_cookie
from django.utils.translation import get_language_from_request

from core import outages

KEPT = 2 * 3600
"""Seconds a mark lasts; feeds renew theirs every `fanout.REJOIN_EVERY` (an hour)."""


def _key(code: str, language: str) -> str:
    return f"live.language.{code}.{language}"


def in_use(code: str) -> list[str]:
    """The languages some screen of game `code` reads, in settings.LANGUAGES order."""
    keys = {_key(code, language): language for language, _ in settings.LANGUAGES}
    try:
        found = cache.get_many(list(keys))
    except outages.REDIS_AWAY as exc:
        # Redis, the cache and the channel layer, is away: the change is saved and answered
        # all the same; its broadcast fails, and the screens are caught up once the layer
        # is back (live/fanout.py). Said once per outage (core/outages.py).
        outages.redis.failed(exc)
        return []
    outages.redis.answered()
    return [language for key, language in keys.items() if key in found]


async def mark(code: str, languages: set[str]) -> None:
    """Screens of game `code` read these languages."""
    await cache.aset_many({_key(code, language): True for language in languages}, KEPT)


def of_scope(scope: dict) -> str:
    """The language of a websocket's reader, picked as the pages pick it (LocaleMiddleware):
    the switch's cookie, else the browser's Accept-Language, else the club's language."""
    headers = dict(scope.get("headers", ()))
    request = SimpleNamespace(
        COOKIES=parse_cookie(headers.get(b"cookie", b"").decode("latin-1")),
        META={"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")},
    )
    return get_language_from_request(request)
