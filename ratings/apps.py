from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        from games.announcements import game_changed
        from ratings import updating

        game_changed.connect(updating.announced, dispatch_uid="ratings.updating")
