"""Staff sign-in, with password guesses limited (the site's `/login/` and the admin's).

After FAILURES_ALLOWED failed sign-ins for one username, or ADDRESS_FAILURES_ALLOWED
from one address, further tries are refused for LOCK_MINUTES, even with the right
password, with a sentence that says when to try again (HTTP 429, the form still shown).
The counts live in Django's cache: Redis when REDIS_URL is set, so every process shares
them, as the scorekeeper-key limit does (games/keys.py). The address is the client's as
the server sees it: behind nginx, daphne's `--proxy-headers` takes the one nginx sets,
never one the client sent (deploy/). Staff unlock an account in the admin (Users, the
"Unlock sign-in" action) or with `manage.py unlocksignin USERNAME`.

Failed and refused sign-ins are logged with the username and address, never the password.
"""

import logging
import time
from datetime import UTC, datetime
from functools import wraps

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import ngettext

from core import outages
from games.access import client_address

FAILURES_ALLOWED = 5
"""Failed sign-ins for one username before it is locked."""
ADDRESS_FAILURES_ALLOWED = 20
"""Failed sign-ins from one address, over any usernames, before it is locked."""
LOCK_MINUTES = 15

log = logging.getLogger(__name__)


def clock() -> float:
    """Now, in seconds (tests step it instead of waiting out a lock)."""
    return time.time()


def _user_key(username: str) -> str:
    return f"sign-in:user:{username.strip().lower()}"


def _address_key(address: str) -> str:
    return f"sign-in:address:{address}"


def _keys(username: str, address: str) -> list[tuple[str, int]]:
    """Each count a failed sign-in adds to, and its limit."""
    return [
        (_user_key(username), FAILURES_ALLOWED),
        (_address_key(address), ADDRESS_FAILURES_ALLOWED),
    ]


def locked_until(username: str, address: str) -> float | None:
    """When the lock on this username or address ends, or None when there is none."""
    try:
        locks = cache.get_many([f"{key}:lock" for key, _ in _keys(username, address)])
    except outages.REDIS_AWAY as exc:
        # While Redis is away sign-ins are not limited: staff can still get in.
        outages.redis.failed(exc)
        return None
    outages.redis.answered()
    ends = [until for until in locks.values() if until > clock()]
    return max(ends, default=None)


def count_failure(username: str, address: str) -> None:
    """One more failed sign-in; a username or address at its limit is locked."""
    lock_seconds = LOCK_MINUTES * 60
    try:
        for key, allowed in _keys(username, address):
            if cache.add(key, 1, timeout=lock_seconds):
                failures = 1
            else:
                try:
                    failures = cache.incr(key)
                except ValueError:  # expired between add and incr
                    cache.add(key, 1, timeout=lock_seconds)
                    failures = 1
            if failures >= allowed:
                cache.set(f"{key}:lock", clock() + lock_seconds, timeout=lock_seconds)
                cache.delete(key)
    except outages.REDIS_AWAY as exc:
        outages.redis.failed(exc)


def unlock(*, username: str = "", address: str = "") -> None:
    """Forget the failures and the lock of this username and/or address."""
    keys = ([_user_key(username)] if username else []) + (
        [_address_key(address)] if address else []
    )
    cache.delete_many([k for key in keys for k in (key, f"{key}:lock")])


def refused_sentence(until: float) -> str:
    at = timezone.localtime(datetime.fromtimestamp(until, tz=UTC))
    minutes = max(1, round((until - clock()) / 60))
    return ngettext(
        "Too many failed sign-ins for this account or from this device. Try again after "
        "%(time)s (in about %(minutes)s minute), or ask another club admin to unlock it.",
        "Too many failed sign-ins for this account or from this device. Try again after "
        "%(time)s (in about %(minutes)s minutes), or ask another club admin to unlock it.",
        minutes,
    ) % {"time": f"{at:%H:%M}", "minutes": minutes}


class Limited:
    """An authentication form that refuses while locked and counts each failure."""

    request: HttpRequest

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = client_address(self.request)
        until = locked_until(username, address)
        if until is not None:
            self.request.sign_in_locked_until = until
            log.warning("Refused a sign-in for %r from %s: locked", username, address)
            raise forms.ValidationError(refused_sentence(until), code="locked")
        try:
            return super().clean()
        except forms.ValidationError:
            count_failure(username, address)
            log.warning("Failed sign-in for %r from %s", username, address)
            raise


class SignInForm(Limited, AuthenticationForm):
    pass


class AdminSignInForm(Limited, AdminAuthenticationForm):
    pass


def answered_429_when_locked(view):
    """The form as the view draws it, with 429 when the sign-in was refused as locked."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        until = getattr(request, "sign_in_locked_until", None)
        if until is not None:
            response.status_code = 429
            response["Retry-After"] = str(max(1, round(until - clock())))
        return response

    return wrapper


login = answered_429_when_locked(LoginView.as_view(authentication_form=SignInForm))
