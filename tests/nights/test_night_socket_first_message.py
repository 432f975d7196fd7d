"""A night's socket opens with the whole night: the API's answer, typed "night"."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from tests.factories import make_night
from tests.live.conftest import nothing_else_came, save_round_async
from tests.nights.conftest import night_socket

make_night_async = database_sync_to_async(make_night)


@database_sync_to_async
def api_answer(code: str) -> dict:
    return Client().get(f"/api/nights/{code}").json()


@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_night_as_the_api_answers_it_on_connect():
    new = await make_night_async(11)
    await save_round_async(new.tables[1].game, 1, [4, 0, 9, 2, 7], engine=12)
    viewer = night_socket(new.night.code)
    connected, _ = await viewer.connect()
    assert connected

    first = await viewer.receive_json_from(timeout=5)

    assert first == {"type": "night", **await api_answer(new.night.code)}
    assert [t["label"] for t in first["tables"]] == ["Table 1", "Table 2"]
    assert [p["total"] for p in first["tables"][1]["game"]["players"]] == [4, 0, 9, 2, 7]
    assert await nothing_else_came(viewer)
    await viewer.disconnect()
