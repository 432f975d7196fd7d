from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from trainscore import first_admin


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


class AdminCreationForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; used only to reset a password.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def setup(request: HttpRequest, token: str) -> HttpResponse:
    # Once any account exists, or for a wrong token, the link does not exist.
    if not first_admin.needs_setup() or not first_admin.token_is_valid(token):
        raise Http404("This setup link is not valid.")

    form = AdminCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.is_staff = True
        user.is_superuser = True
        user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("players:roster")
    return render(request, "setup.html", {"form": form})
