"""games/ tells the apps above it of every change through one signal, sent after commit
(games/announcements.py); live/ and ratings/ listen to it, and games/ imports neither."""

import pytest
from django.db import transaction

from core.rejections import Rejected
from games import scorekeeping
from games.announcements import game_changed
from live.broadcast import announced as live_listens
from ratings.updating import announced as ratings_listen
from tests.factories import make_game, points

ACTOR = scorekeeping.Actor(by="test")


@pytest.fixture
def heard():
    said: list[dict] = []

    def listen(sender, **kwargs):
        board = kwargs["board"]  # as it stands when announced
        said.append(
            {**kwargs, "version": board and board.game.version, "winners": board and board.winners}
        )

    game_changed.connect(listen)
    yield said
    game_changed.disconnect(listen)


def test_live_and_ratings_listen_to_it():
    listeners = game_changed._live_receivers(sender=None)[0]
    assert live_listens in listeners
    assert ratings_listen in listeners


def test_each_change_is_announced_once_after_commit(db, heard, django_capture_on_commit_callbacks):
    game = make_game().game
    with django_capture_on_commit_callbacks(execute=True):
        scorekeeping.record_round(
            game=game, number=1, scores=points(game, 5, 0, 9), engine=12, version=1, actor=ACTOR
        )
        assert heard == [], "announced before the change was committed"
    with django_capture_on_commit_callbacks(execute=True):
        scorekeeping.end_game(game=game, actor=ACTOR)
    with django_capture_on_commit_callbacks(execute=True):
        scorekeeping.reopen_game(game=game, actor=ACTOR)

    # Each carries the board the change built: its version, its winners.
    assert [(h["code"], h["result_changed"], h["version"]) for h in heard] == [
        (game.code, False, 2),
        (game.code, True, 3),
        (game.code, True, 4),
    ]
    assert [len(h["winners"]) for h in heard] == [0, 1, 0]


def test_a_refused_or_rolled_back_change_announces_nothing(
    db, heard, django_capture_on_commit_callbacks
):
    game = make_game().game
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(Rejected):
            scorekeeping.record_round(
                game=game, number=1, scores={}, engine=12, version=1, actor=ACTOR
            )
        try:
            with transaction.atomic():
                scorekeeping.record_round(
                    game=game,
                    number=1,
                    scores=points(game, 5, 0, 9),
                    engine=12,
                    version=1,
                    actor=ACTOR,
                )
                raise RuntimeError("roll back")
        except RuntimeError:
            pass
    assert heard == []
