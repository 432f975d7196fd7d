from django.urls import path

from nights.consumers import NightConsumer

websocket_urlpatterns = [
    path("ws/nights/<code:code>/", NightConsumer.as_asgi()),
]
