from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<code:code>/", TournamentConsumer.as_asgi()),
]
