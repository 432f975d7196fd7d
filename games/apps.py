from django.apps import AppConfig
from django.urls import register_converter

from games.codes import CodeConverter


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # django.setup() runs this before any URLconf or websocket routing is imported.
        register_converter(CodeConverter, "code")
