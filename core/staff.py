"""Club staff: who they are, and the pages only they may open."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def is_staff(request: HttpRequest) -> bool:
    return request.user.is_authenticated and request.user.is_staff


def staff_only(view: Callable) -> Callable:
    """Visitors are sent to log in; logged-in non-staff are told who can do this."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_staff:
            return render(request, "staff_only.html", status=403)
        return view(request, *args, **kwargs)

    return wrapper
