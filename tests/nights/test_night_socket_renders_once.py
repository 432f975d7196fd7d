"""One save is rendered once for everyone: the game's viewers and the night's screens get
the very same game text, the night's wrapped around it."""

import asyncio
from functools import cached_property

import pytest
from channels.db import database_sync_to_async

from games.snapshot import Drawn
from tests.factories import make_night
from tests.live.conftest import nothing_else_came, save_round_async, socket
from tests.nights.conftest import night_socket

PREFIX = '{"type":"table","label":"Table 2","game":'


@pytest.fixture
def messages_built(monkeypatch):
    """Each board's websocket message (snapshot + rendered board) as it is encoded."""
    calls = []
    real = Drawn.message.func

    def counted(drawn):
        calls.append(drawn.board.game.code)
        return real(drawn)

    message = cached_property(counted)
    message.__set_name__(Drawn, "message")
    monkeypatch.setattr(Drawn, "message", message)
    return calls


@pytest.mark.django_db(transaction=True)
async def test_one_save_renders_the_board_once_for_game_and_night_viewers(
    board_renders, messages_built
):
    new = await database_sync_to_async(make_night)(10, tables=2)
    game = new.tables[1].game
    game_viewers = [socket(game.code) for _ in range(3)]
    night_viewers = [night_socket(new.night.code) for _ in range(3)]
    for viewer in [*game_viewers, *night_viewers]:
        assert (await viewer.connect())[0]
        await viewer.receive_from(timeout=5)
    board_renders.clear()
    messages_built.clear()

    await save_round_async(game, 1, [3, 0, 7, 1, 2], engine=12)
    to_games = await asyncio.gather(*(v.receive_from(timeout=5) for v in game_viewers))
    to_nights = await asyncio.gather(*(v.receive_from(timeout=5) for v in night_viewers))

    assert len(board_renders) == 1
    assert messages_built == [game.code]
    assert len(set(to_games)) == 1
    assert len(set(to_nights)) == 1
    assert to_nights[0] == PREFIX + to_games[0] + "}"
    assert '"total":7' in to_games[0] and '"html":' in to_games[0]
    for viewer in [*game_viewers, *night_viewers]:
        assert await nothing_else_came(viewer)
        await viewer.disconnect()
