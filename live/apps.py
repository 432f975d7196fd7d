from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        from games.announcements import game_changed
        from live import broadcast

        game_changed.connect(broadcast.announced, dispatch_uid="live.broadcast")
