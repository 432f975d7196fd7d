"""While Redis (which counts wrong keys across processes) is not answering, the API still
takes the scorekeeper's key and refuses a wrong one, instead of answering 500."""

import pytest

from tests.factories import make_game
from tests.games.conftest import api_post
from tests.servers import Daphne, free_port, running


@pytest.fixture
def server_without_redis(transactional_db):
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    with running(Daphne(env={"REDIS_URL": nowhere})) as (server,):
        yield server


def test_it_checks_keys_without_the_count_while_redis_is_away(server_without_redis):
    started = make_game()

    url, code = server_without_redis.url, started.game.code
    wrong = api_post(url, code, "undo", "not-the-key")[:2]
    right = api_post(url, code, "undo", started.key)[:2]

    assert wrong[0] == 403
    assert wrong[1]["detail"].startswith("That key does not keep score for this game")
    assert right == (
        422,
        {
            "detail": "There is nothing to undo yet.",
            "errors": {"undo": "There is nothing to undo yet."},
        },
    )
    said = [line for line in server_without_redis.output().splitlines() if "Redis" in line]
    assert len(said) == 1, "said once, not once per request"
    assert said[0].endswith(
        "wrong keys and failed sign-ins are not counted, and open screens get the changes "
        "once it is back."
    )
