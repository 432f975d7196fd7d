"""A closed socket stops receiving: the game's group forgets it."""

import pytest

from live.broadcast import group_name
from tests.live.conftest import group_members, socket


@pytest.mark.django_db(transaction=True)
async def test_it_leaves_the_games_group_when_the_viewer_goes(game):
    viewer = socket(game.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)
    assert len(await group_members(group_name(game.code))) == 1

    await viewer.disconnect()

    assert await group_members(group_name(game.code)) == set()
