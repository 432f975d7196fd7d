"""Scaled out: a save taken by one daphne process reaches viewers on another, through Redis."""

import json
import time

import pytest
from websockets.sync.client import connect

from tests.factories import make_game
from tests.live.conftest import api_save


def viewer_on(server, game):
    """A viewer's socket on the game's board, opened through this server."""
    url = f"{server.ws_url}/ws/games/{game.code}/"
    return connect(url, origin=server.url, proxy=None, open_timeout=10)


@pytest.mark.services
def test_it_shows_a_save_made_through_one_process_to_a_viewer_on_another(two_processes):
    first, second = two_processes
    new = make_game()

    with viewer_on(second, new.game) as viewer:
        on_connect = json.loads(viewer.recv(timeout=10))
        answer = api_save(first.url, new.game, new.key, 1, [6, 0, 11], engine=12, version=1)
        pushed = json.loads(viewer.recv(timeout=10))

    assert on_connect["version"] == 1
    assert answer["version"] == 2
    assert pushed["version"] == 2
    assert [p["total"] for p in pushed["players"]] == [6, 0, 11]
    assert ">11</td>" in pushed["html"]


@pytest.mark.services
def test_it_still_delivers_after_the_viewer_has_waited_quietly_for_a_while(two_processes):
    # Rounds take minutes. redis-py 8 gives every socket a 5 s read timeout by default,
    # the same 5 s channels_redis blocks waiting for a message: unless settings lift
    # it, each quiet socket's consumer crashes after 5 s and the viewer is cut off.
    first, second = two_processes
    new = make_game()

    with viewer_on(second, new.game) as viewer:
        json.loads(viewer.recv(timeout=10))
        time.sleep(12)
        api_save(first.url, new.game, new.key, 1, [6, 0, 11], engine=12, version=1)
        pushed = json.loads(viewer.recv(timeout=10))

    assert pushed["version"] == 2
