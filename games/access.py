"""Who may keep score on a game: staff, or a browser or client holding its key."""

from django.http import HttpRequest

from core.staff import is_staff
from games import keys
from games.models import Game
from games.scorekeeping import Actor

SESSION_KEY = "keeper_of"

KEY_HOLDER = "scorekeeper key"
"""Who a change was made by when a key, not a staff user, made it: stored as it is (data,
in English); the history says it in the reader's language."""


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def grant(request: HttpRequest, game: Game) -> None:
    """Remember in this browser's session that it keeps score for `game`."""
    kept = set(request.session.get(SESSION_KEY, []))
    kept.add(game.code)
    request.session[SESSION_KEY] = sorted(kept)


def can_keep(request: HttpRequest, game: Game) -> bool:
    return is_staff(request) or game.code in request.session.get(SESSION_KEY, [])


def actor(request: HttpRequest, *, source: str) -> Actor:
    if is_staff(request):
        return Actor(by=request.user.get_username(), source=source)
    return Actor(by=KEY_HOLDER, source=source)


class KeyCheck:
    """The outcome of checking a key a client sent: ok, missing, wrong or throttled."""

    OK, MISSING, WRONG, THROTTLED = "ok", "missing", "wrong", "throttled"


def check_key(request: HttpRequest, game: Game, key: str | None) -> str:
    """Check `key` against the game, counting wrong guesses per client and game."""
    if not key:
        return KeyCheck.MISSING
    client = client_address(request)
    if not keys.guesses_left(client, game.code):
        return KeyCheck.THROTTLED
    if keys.key_matches(key, game.key_hash):
        return KeyCheck.OK
    keys.count_wrong_guess(client, game.code)
    return KeyCheck.WRONG
