"""`/seasons/`: the club's seasons, each a link to its roster; staff add new ones here."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.staff import is_staff
from seasons.forms import SeasonForm
from seasons.models import Season


def seasons(request: HttpRequest) -> HttpResponse:
    form = None
    if is_staff(request):
        form = SeasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            season = form.save()
            messages.success(request, _("%(season)s is added.") % {"season": season.name})
            return redirect("seasons:list")
    elif request.method == "POST":
        return HttpResponseForbidden(_("Log in as club staff to add seasons."))
    return render(
        request,
        "seasons/list.html",
        {"seasons": Season.objects.all(), "current": Season.objects.current(), "form": form},
        status=422 if form is not None and form.errors else 200,
    )
