from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from games import below_the_board
        from games.announcements import game_changed
        from tournaments import game_page, listening

        game_changed.connect(listening.announced, dispatch_uid="tournaments.listening")
        # A table's game page says where its players go next.
        below_the_board.add_part(game_page.after_the_game)
