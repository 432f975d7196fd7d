"""Every save on any table reaches the night's socket once, as that table's message."""

import json

import pytest
from channels.db import database_sync_to_async

from tests.factories import make_night, numbered
from tests.live.conftest import nothing_else_came, save_round_async
from tests.nights.conftest import night_socket

make_night_async = database_sync_to_async(make_night)
numbered_async = database_sync_to_async(numbered)


@pytest.mark.django_db(transaction=True)
async def test_it_sends_one_table_message_per_save_on_any_table():
    other = await make_night_async(await numbered_async(3, prefix="Other"))
    new = await make_night_async(7, tables=2)  # Table 1: 4 players, Table 2: 3
    first, second = (t.game for t in new.tables)
    viewer = night_socket(new.night.code)
    await viewer.connect()
    await viewer.receive_json_from(timeout=5)

    await save_round_async(second, 1, [5, 0, 8], engine=12)
    await save_round_async(first, 1, [1, 2, 3, 0], engine=11)
    await save_round_async(other.tables[0].game, 1, [0, 0, 1], engine=12)  # another night
    await save_round_async(second, 2, [2, 2, 2], engine=10)
    messages = [await viewer.receive_json_from(timeout=5) for _ in range(3)]

    assert [(m["type"], m["label"], m["game"]["version"]) for m in messages] == [
        ("table", "Table 2", 2),
        ("table", "Table 1", 2),
        ("table", "Table 2", 3),
    ]
    assert [p["total"] for p in messages[2]["game"]["players"]] == [7, 2, 10]
    assert messages[1]["game"]["code"] == first.code
    assert 'data-version="3"' in messages[2]["game"]["html"]
    assert await nothing_else_came(viewer)
    await viewer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_it_carries_the_games_own_message_inside_unchanged():
    new = await make_night_async(4)
    game = new.tables[0].game
    viewer = night_socket(new.night.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)

    await save_round_async(game, 1, [1, 2, 3, 4], engine=12)
    text = await viewer.receive_from(timeout=5)

    prefix = '{"type":"table","label":"Table 1","game":'
    assert text.startswith(prefix) and text.endswith("}")
    assert json.loads(text[len(prefix) : -1])["version"] == 2
    await viewer.disconnect()
