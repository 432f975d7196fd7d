from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from games.api import api
from trainscore import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("setup/<str:token>/", views.setup, name="setup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("players/", include("players.urls")),
    path("games/", include("games.urls")),
    path("", include("sheets.urls")),
    path("api/", api.urls),
    path("rules/", include("rules.urls")),
    path("seasons/", include("seasons.urls")),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
]
