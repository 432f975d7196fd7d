from django.urls import path

from live.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<code:code>/", GameConsumer.as_asgi()),
]
