"""A board left open for longer than the channel layer remembers group members
(a day by default) keeps receiving saves: its heartbeat renews the membership."""

import pytest
from channels.db import database_sync_to_async

from live.broadcast import group_name
from tests.factories import make_game
from tests.live.conftest import EXPIRY, group_members, save_round_async, socket


@pytest.mark.django_db(transaction=True)
async def test_it_renews_the_group_membership_of_a_socket_that_pings(
    game, short_memory, stepped_clock
):
    quiet_game = await database_sync_to_async(lambda: make_game(names=("Di", "Ed")).game)()
    pinging, silent = socket(game.code), socket(quiet_game.code)
    for viewer in (pinging, silent):
        await viewer.connect()
        await viewer.receive_from(timeout=5)

    stepped_clock.step(EXPIRY + 1)  # longer than the layer remembers a member
    await pinging.send_json_to({"type": "ping"})
    assert await pinging.receive_json_from(timeout=5) == {"type": "pong"}
    await save_round_async(game, 1, [1, 2, 3])
    await save_round_async(quiet_game, 1, [4, 5])

    assert (await pinging.receive_json_from(timeout=5))["version"] == 2
    assert await group_members(group_name(game.code))
    assert await group_members(group_name(quiet_game.code)) == set(), (
        "without pings the layer forgot it"
    )
    await pinging.disconnect()
    await silent.disconnect()
