"""A table added late joins the night's screens: a fresh night message, then its saves."""

import pytest
from channels.db import database_sync_to_async

from nights.starting import add_table
from tests.factories import make_night, numbered
from tests.live.conftest import nothing_else_came, save_round_async
from tests.nights.conftest import night_socket


@database_sync_to_async
def add_late_table(night):
    return add_table(night=night, players=numbered(3, prefix="Late"))


@pytest.mark.django_db(transaction=True)
async def test_a_table_added_late_reaches_the_screens_already_watching():
    new = await database_sync_to_async(make_night)(6)
    viewer = night_socket(new.night.code)
    await viewer.connect()
    first = await viewer.receive_json_from(timeout=5)
    assert [t["label"] for t in first["tables"]] == ["Table 1"]

    late = await add_late_table(new.night)
    fresh = await viewer.receive_json_from(timeout=5)
    assert fresh["type"] == "night"
    assert [t["label"] for t in fresh["tables"]] == ["Table 1", "Table 2"]
    assert [p["name"] for p in fresh["tables"][1]["game"]["players"]] == [
        "Late1",
        "Late2",
        "Late3",
    ]

    await save_round_async(late.game, 1, [9, 0, 4], engine=12)
    update = await viewer.receive_json_from(timeout=5)
    assert (update["type"], update["label"]) == ("table", "Table 2")
    assert [p["total"] for p in update["game"]["players"]] == [9, 0, 4]
    assert await nothing_else_came(viewer)
    await viewer.disconnect()
