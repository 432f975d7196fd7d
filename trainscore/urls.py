from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from games.api import api
from nights.api import router as nights_api
from tournaments.api import router as tournaments_api
from trainscore import health, installable, sign_in, views

# Nights and tournaments plug into the games' API here, so games/ knows nothing of nights.
api.add_router("/", nights_api)
api.add_router("/", tournaments_api)

urlpatterns = [
    path("", views.home, name="home"),
    path("setup/<str:token>/", views.setup, name="setup"),
    path("login/", sign_in.login, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the switch's choice
    path("", include("records.urls")),
    path("", include("pictures.urls")),  # /games/<code>/result.png and the like
    path("games/", include("games.urls")),
    path("nights/", include("nights.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("sheets.urls")),
    path("api/", api.urls),
    path("rules/", include("rules.urls")),
    path("seasons/", include("seasons.urls")),
    path("admin/login/", sign_in.answered_429_when_locked(admin.site.login)),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    # Pages without the icon link (the admin's) make browsers ask here; a 404 would be a
    # console error.
    path("favicon.ico", RedirectView.as_view(url=static("icons/icon.svg"), permanent=True)),
    # At the root, so the service worker's scope covers every page.
    path("sw.js", installable.service_worker, name="service_worker"),
    path("manifest.webmanifest", installable.manifest, name="manifest"),
]
