"""A wall screen left on all evening keeps receiving its tables' saves: its heartbeat ping
is answered and renews the night's and every table's subscription."""

import pytest
from channels.db import database_sync_to_async

from tests.factories import make_night
from tests.live.conftest import EXPIRY, save_round_async
from tests.nights.conftest import night_socket


@pytest.mark.django_db(transaction=True)
async def test_a_pinging_night_screen_still_gets_saves_after_the_layer_would_forget_it(
    short_memory, stepped_clock
):
    new = await database_sync_to_async(make_night)(6, tables=2)
    viewer = night_socket(new.night.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)
    await viewer.send_to(text_data="not json")  # answered by nothing: the pong comes next

    stepped_clock.step(EXPIRY + 1)  # longer than the layer remembers a member
    await viewer.send_json_to({"type": "ping"})
    assert await viewer.receive_json_from(timeout=5) == {"type": "pong"}
    await save_round_async(new.tables[1].game, 1, [1, 2, 3], engine=12)

    update = await viewer.receive_json_from(timeout=5)
    assert (update["type"], update["label"], update["game"]["version"]) == ("table", "Table 2", 2)
    await viewer.disconnect()
