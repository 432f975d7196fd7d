"""When the night's last screen goes, the process stops following the night and its games."""

import pytest
from channels.db import database_sync_to_async

from live.broadcast import group_name
from nights.feed import night_group
from tests.factories import make_night
from tests.live.conftest import group_members, socket
from tests.nights.conftest import night_socket


@pytest.mark.django_db(transaction=True)
async def test_it_leaves_the_night_and_its_games_groups_when_the_last_screen_goes():
    new = await database_sync_to_async(make_night)(10, tables=2)
    codes = [t.game.code for t in new.tables]
    screens = [night_socket(new.night.code) for _ in range(2)]
    game_viewer = socket(codes[0])
    for viewer in [*screens, game_viewer]:
        await viewer.connect()
        await viewer.receive_from(timeout=5)
    # One subscription per process: the night's, and one per game shared with its viewers.
    assert len(await group_members(night_group(new.night.code))) == 1
    assert [len(await group_members(group_name(code))) for code in codes] == [1, 1]

    await screens[0].disconnect()
    assert len(await group_members(night_group(new.night.code))) == 1
    await screens[1].disconnect()

    assert await group_members(night_group(new.night.code)) == set()
    assert len(await group_members(group_name(codes[0]))) == 1  # its own viewer stays
    assert await group_members(group_name(codes[1])) == set()
    await game_viewer.disconnect()
    assert await group_members(group_name(codes[0])) == set()
