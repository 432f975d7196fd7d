"""Wrong scorekeeper keys are counted in Redis, shared by every server process: guesses
spread over two daphne processes are limited as if they all went to one.

Each process keeping its own count would let 10 wrong keys through per process (the
first 429 at the 21st try over two); shared, the 11th try in all is refused.
"""

import pytest

from games.keys import GUESSES_PER_MINUTE
from tests.factories import make_game
from tests.games.conftest import api_post

TRIES = 25


@pytest.mark.services
def test_wrong_keys_spread_over_two_processes_are_refused_by_the_15th_try(two_processes):
    started = make_game()
    code = started.game.code

    answers = [
        api_post(two_processes[n % 2].url, code, "end", f"wrong-key-{n}") for n in range(TRIES)
    ]

    statuses = [status for status, _, _ in answers]
    assert statuses[:GUESSES_PER_MINUTE] == [403] * GUESSES_PER_MINUTE
    assert statuses[GUESSES_PER_MINUTE:] == [429] * (TRIES - GUESSES_PER_MINUTE), statuses
    assert statuses.index(429) < 15
    status, body, headers = answers[-1]
    assert body["detail"].startswith("Too many wrong keys came from here for this game")
    assert headers["Retry-After"] == "60"

    # Even the right key waits now, on either process: a guesser cannot tell it apart.
    for server in two_processes:
        assert api_post(server.url, code, "end", started.key)[0] == 429
    started.game.refresh_from_db()
    assert not started.game.is_finished
