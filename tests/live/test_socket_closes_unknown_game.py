"""A socket for a code no game has is closed with 4404, so the page can say so."""

import pytest

from tests.live.conftest import socket


@pytest.mark.django_db(transaction=True)
async def test_it_closes_a_socket_for_an_unknown_game_with_4404():
    viewer = socket("no-such-game")
    connected, _ = await viewer.connect()
    assert connected  # accepted first: only an accepted socket can carry a close code

    closing = await viewer.receive_output(timeout=5)

    assert closing == {"type": "websocket.close", "code": 4404}
    await viewer.disconnect()  # ends the consumer here, not in the event loop's teardown
