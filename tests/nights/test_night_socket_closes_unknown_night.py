"""A socket for a code no night has is closed with 4404, so the page can say so."""

import pytest
from channels.db import database_sync_to_async

from tests.factories import make_night
from tests.live.conftest import group_members
from tests.nights.conftest import night_socket


@pytest.mark.django_db(transaction=True)
async def test_it_closes_a_socket_for_an_unknown_night_with_4404():
    viewer = night_socket("no-such-night")
    connected, _ = await viewer.connect()
    assert connected  # accepted first: only an accepted socket can carry a close code

    assert await viewer.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}
    assert await group_members("night.no-such-night") == set()
    await viewer.disconnect()  # ends the consumer here, not in the event loop's teardown


@pytest.mark.django_db(transaction=True)
async def test_a_game_code_does_not_open_a_night():
    new = await database_sync_to_async(make_night)(4)
    viewer = night_socket(new.tables[0].game.code)
    await viewer.connect()

    assert await viewer.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}
    await viewer.disconnect()
