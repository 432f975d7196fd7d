from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from games.announcements import game_changed
        from tournaments import listening

        game_changed.connect(listening.announced, dispatch_uid="tournaments.listening")
