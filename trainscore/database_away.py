"""While the database cannot be reached, every page, save and API call answers 503.

A restarting PostgreSQL (or a SQLite database still locked when its busy timeout runs out)
is not a bug: the answer says "try again in a moment", with `Retry-After`, in the
reader's language (the API's JSON `detail`, the pages' scripts' `message`, a page for a
person), and the log says once that the database is away and once that it is back
(core/outages.py), instead of a traceback per request. The phone's outbox keeps a save
answered 503 and sends it again; a save that did land is recorded once
(games/scorekeeping.py).
"""

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from core import outages
from trainscore import refusals

RETRY_AFTER_SECONDS = 5


class DatabaseAway:
    """Middleware: a view that failed because the database is away answers 503."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not outages.database.away:
            return self.get_response(request)
        # The database was away: the first statement it answers says it is back.
        with connection.execute_wrapper(_answered):
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not outages.is_database_away(exception):
            return None
        outages.database.failed(exception)
        return unavailable(request)


def _answered(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    # SQLite answers reads while a writer holds the lock; only a write says it is free.
    if connection.vendor != "sqlite" or sql.lstrip()[:6].upper() != "SELECT":
        outages.database.answered()
    return result


def unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 for `request`: JSON on the API, else a refusal for a person or a script."""
    if request.path.startswith(refusals.API):
        detail = _(
            "The database is not answering just now (it may be restarting), so the server "
            "could not take this request. Send it again after the seconds in Retry-After; "
            "a save sent twice is recorded once."
        )
        response = JsonResponse({"detail": detail}, status=503)
    else:
        # The page's header asks who is signed in, and that is kept in the database.
        request.user = AnonymousUser()
        sentence = _(
            "The scores' database is not answering just now (it may be restarting). Wait a "
            "few seconds and try again; a save sent twice is kept once."
        )
        response = refusals.refused(
            request, status=503, title=_("Try again in a moment"), sentence=sentence
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response._has_been_logged = True  # said once per outage, not once per request
    return response
