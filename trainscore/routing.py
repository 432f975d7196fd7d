"""Every app's websocket routes, mounted by asgi.py."""

websocket_urlpatterns: list = []
