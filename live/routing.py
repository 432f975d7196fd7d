from django.urls import path

from live.consumers import GameConsumer, NightConsumer

websocket_urlpatterns = [
    path("ws/games/<str:code>/", GameConsumer.as_asgi()),
    path("ws/nights/<str:code>/", NightConsumer.as_asgi()),
]
