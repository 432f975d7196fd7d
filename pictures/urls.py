from django.urls import path

from pictures import views

app_name = "pictures"
urlpatterns = [
    path("games/<code:code>/result.png", views.game_picture, name="game"),
    path("nights/<code:code>/result.png", views.night_picture, name="night"),
    path("tournaments/<code:code>/result.png", views.tournament_picture, name="tournament"),
]
