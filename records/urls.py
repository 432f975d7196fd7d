from django.urls import path

from records import history, views

app_name = "records"
urlpatterns = [
    path("players/", views.roster, name="roster"),
    path("players/<int:player_id>/", views.player, name="player"),
    path("games/", history.history, name="history"),
]
