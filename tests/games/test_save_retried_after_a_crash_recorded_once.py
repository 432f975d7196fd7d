"""A server process killed (SIGKILL) after a save was committed and before its answer went
out: the scorekeeper's phone never heard back, so it sends the same save again, on the same
version, to the server started again. The answer is the board with that round saved, and
the round is recorded once."""

import threading
import time

import pytest

from core import pause_points
from games.models import Change, Round
from tests.factories import make_game, points
from tests.live.conftest import api_put_round
from tests.servers import Daphne, running

PAUSED = "Paused at after-save-committed"


def wait_for(server: Daphne, text: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while text not in server.output():
        assert time.monotonic() < deadline, f"never logged {text!r}:\n{server.output()}"
        time.sleep(0.05)


def test_the_same_save_sent_again_after_the_crash_is_answered_as_saved(transactional_db):
    new = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    code, key = new.game.code, new.key
    body = {"scores": points(new.game, 5, 0, 17), "engine": 12, "version": 1}
    crashed = Daphne(env={"TRAINSCORE_TEST_PAUSE_AT": pause_points.AFTER_SAVE_COMMITTED})
    lost = []

    def first_try() -> None:
        try:
            lost.append(api_put_round(crashed.url, code, key, 1, body))
        except OSError as exc:  # the connection dies with the process
            lost.append(exc)

    with running(crashed):
        sending = threading.Thread(target=first_try)
        sending.start()
        wait_for(crashed, PAUSED)
        committed = Change.objects.filter(game=new.game, kind=Change.Kind.SAVE).count()
        crashed.kill()  # SIGKILL: no answer, no clean-up
        sending.join(timeout=10)

    with running(Daphne(port=crashed.port)) as (again,):
        answer = api_put_round(again.url, code, key, 1, body)

    assert committed == 1, "the save was committed before the process died"
    assert len(lost) == 1 and isinstance(lost[0], OSError), f"no answer came: {lost}"
    assert answer["version"] == 2
    assert [player["total"] for player in answer["players"]] == [5, 0, 17]
    assert answer["rounds"] == [
        {"number": 1, "engine": 12, "scores": points(new.game, 5, 0, 17)},
    ]
    assert Change.objects.filter(game=new.game, kind=Change.Kind.SAVE).count() == 1
    assert Round.objects.filter(game=new.game).count() == 1
    new.game.refresh_from_db()
    assert new.game.version == 2


@pytest.mark.parametrize("point", ["", "somewhere-else"])
def test_the_pause_point_does_nothing_unless_a_test_names_it(monkeypatch, point):
    monkeypatch.setattr(pause_points, "PAUSE_AT", point)
    pause_points.reached(pause_points.AFTER_SAVE_COMMITTED)  # returns at once
