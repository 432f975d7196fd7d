"""A server process killed (SIGKILL) after a save was committed and before its answer went
out: the scorekeeper's phone never heard back, so it sends the same save again, on the same
version, to the server started again. The answer is the board with that round saved, and
the round is recorded once."""

import threading
import time

from games.models import Change, Round
from tests.factories import make_game, points
from tests.live.conftest import api_put_round
from tests.servers import Daphne, running

PAUSED = "Paused after a change was committed"


class PausedAfterCommit(Daphne):
    """A daphne that stops for good once a change is committed, before its answer (the
    application of tests/games/paused_after_commit.py, which logs PAUSED there)."""

    def command(self) -> list[str]:
        return [*super().command()[:-1], "tests.games.paused_after_commit:application"]


def wait_for(server: Daphne, text: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while text not in server.output():
        assert time.monotonic() < deadline, f"never logged {text!r}:\n{server.output()}"
        time.sleep(0.05)


def test_the_same_save_sent_again_after_the_crash_is_answered_as_saved(transactional_db):
    new = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    code, key = new.game.code, new.key
    body = {"scores": points(new.game, 5, 0, 17), "engine": 12, "version": 1}
    crashed = PausedAfterCommit()
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
