"""Requests the server refuses before any view of ours says why, each with a sentence.

ninja answers a method an API address does not take with a bare "Method not allowed",
Django answers an address the API does not have with the site's HTML 404 page, a page
address opened with the wrong method (a form's address opened as a link) with an empty
405, and a form whose CSRF token is out of date with its own unstyled page. A client of
the API reads JSON with a `detail` sentence (games/api.py); the pages' scripts read
`{"ok", "message"}` (games/keeper_views.py); a person reads a page. Answers that already
say something are left as they are.
"""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

API = "/api/"


def refused(request: HttpRequest, *, status: int, title: str, sentence: str) -> HttpResponse:
    """A refusal for a person: a page, or JSON for the pages' own scripts."""
    if "application/json" in request.headers.get("Accept", ""):
        return JsonResponse({"ok": False, "message": sentence}, status=status)
    context = {"title": title, "sentence": sentence}
    return render(request, "refused_request.html", context, status=status)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: a form from a page that is out of date."""
    sentence = _(
        "This form came from a page that is out of date (after logging in or out, say), so "
        "nothing was sent. Reload the page, then send the form again."
    )
    return refused(request, status=403, title=_("The page was out of date"), sentence=sentence)


def refusals_with_sentences(get_response):
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code < 400:
            return response
        if request.path.startswith(API):
            if response.get("Content-Type", "").startswith("application/json"):
                return response
            return _keep_headers(response, _api_refusal(response))
        if response.status_code == 405 and not response.content:
            sentence = _(
                "This address is for sending a form, not a page to open. Go back to the page "
                "you came from (or find the game from the home page) and send it from there."
            )
            page = refused(request, status=405, title=_("Not a page to open"), sentence=sentence)
            return _keep_headers(response, page)
        return response

    return middleware


def _api_refusal(response: HttpResponse) -> JsonResponse:
    status = response.status_code
    if status == 405:
        methods = get_text_list(sorted(response["Allow"].split(", ")), _("or"))
        detail = _(
            "This address takes %(methods)s only; the API's addresses and their methods are "
            "listed at /api/docs."
        ) % {"methods": methods}
    elif status == 404:
        detail = _(
            "The API has nothing at this address; the API's addresses and their methods are "
            "listed at /api/docs."
        )
    elif status >= 500:
        detail = _("The server failed to answer (%(status)s); try again in a moment.") % {
            "status": status
        }
    else:
        detail = _(
            "The server could not take this request (%(status)s); the API's addresses and "
            "their methods are listed at /api/docs."
        ) % {"status": status}
    return JsonResponse({"detail": detail}, status=status)


def _keep_headers(original: HttpResponse, answer: HttpResponse) -> HttpResponse:
    for header in ("Allow", "Retry-After", "WWW-Authenticate"):
        if header in original:
            answer[header] = original[header]
    return answer
