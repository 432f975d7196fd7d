"""A request body over DATA_UPLOAD_MAX_MEMORY_SIZE gets a 413 with a sentence.

Django refuses such a body only when something reads it, as a 400 (from a form) or an
error in the API; here it is read once, before anything else looks at it, so every
page and the API answer the same 413 and nothing runs. Under ASGI the server has already
received the whole body into a temporary file; reading it here measures that file.
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from trainscore import refusals


def refuse_oversized_bodies(get_response):
    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            request.body  # noqa: B018 (reading it is the check)
        except RequestDataTooBig:
            return too_large(request)
        return get_response(request)

    return middleware


def too_large(request: HttpRequest) -> HttpResponse:
    limit = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if request.path.startswith(refusals.API):
        detail = _(
            "This request's body is larger than the %(limit)s the server takes, so nothing "
            "was changed; send only the fields /api/docs describes."
        ) % {"limit": limit}
        return JsonResponse({"detail": detail}, status=413)
    sentence = _(
        "The form sent more than the %(limit)s the server takes, so nothing was saved. "
        "Go back, reload the page and enter it again."
    ) % {"limit": limit}
    return refusals.refused(
        request, status=413, title=_("That was too much to send"), sentence=sentence
    )
