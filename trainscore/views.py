from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from nights.models import Night
from trainscore import first_admin

LIVE_NIGHTS = 6
"""Nights being played that the home page links, newest first."""


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"nights": Night.objects.being_played()[:LIVE_NIGHTS]})


class AdminCreationForm(UserCreationForm):
    email = forms.EmailField(
        required=False, help_text=gettext_lazy("Optional; used only to reset a password.")
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def setup(request: HttpRequest, token: str) -> HttpResponse:
    # Once any account exists, or for a wrong token, the link does not exist.
    if not first_admin.needs_setup() or not first_admin.token_is_valid(token):
        raise Http404(_("This setup link is not valid."))

    form = AdminCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = first_admin.create_admin(form)
        if user is None:  # someone else sent the form first
            raise Http404(_("This setup link is not valid."))
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("records:roster")
    return render(request, "setup.html", {"form": form})
