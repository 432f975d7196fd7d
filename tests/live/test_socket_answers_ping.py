"""The page's heartbeat: a ping is answered, anything else a client sends is ignored."""

import pytest

from tests.live.conftest import socket


@pytest.mark.django_db(transaction=True)
async def test_it_answers_a_ping_with_a_pong_and_ignores_other_messages(game):
    viewer = socket(game.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)

    await viewer.send_to(text_data='{"type": "hello"}')
    await viewer.send_to(text_data="not json")
    # The ping's pong is the next message: nothing answered the other two.
    await viewer.send_json_to({"type": "ping"})

    assert await viewer.receive_json_from(timeout=5) == {"type": "pong"}
    await viewer.disconnect()
