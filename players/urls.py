from django.urls import path

from players import views

app_name = "players"
urlpatterns = [
    path("", views.roster, name="roster"),
    path("<int:player_id>/", views.player, name="player"),
]
