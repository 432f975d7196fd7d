"""Two tables pressing End Game at the same moment both get rated, once each."""

import threading

from django.db import connection

from games.scorekeeping import end_game
from ratings.models import Rating
from ratings.updating import recompute
from tests.factories import KEEPER, play, register


def test_two_games_ended_at_once_are_both_rated(transactional_db):
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")
    games = [
        play("mexican-train", [ann, bob], [[0, 9]], end=False),
        play("mexican-train", [cy, dee], [[0, 9]], end=False),
    ]
    start = threading.Barrier(len(games))
    errors = []

    def end(game):
        try:
            start.wait()
            end_game(game=game, version=game.version, actor=KEEPER)
        except Exception as exc:  # a thread cannot fail the test itself: collect, then assert
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=end, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    rated = dict(Rating.objects.values_list("player__name", "change"))
    assert set(rated) == {"Ann", "Bob", "Cy", "Dee"}
    assert rated["Ann"] == rated["Cy"] > 0 > rated["Bob"] == rated["Dee"]
    before = sorted(Rating.objects.values_list("game_id", "player_id", "shown"))
    recompute()
    assert sorted(Rating.objects.values_list("game_id", "player_id", "shown")) == before
