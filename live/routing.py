from django.urls import path

from live.consumers import GameConsumer, NightConsumer

websocket_urlpatterns = [
    path("ws/games/<code:code>/", GameConsumer.as_asgi()),
    path("ws/nights/<code:code>/", NightConsumer.as_asgi()),
]
