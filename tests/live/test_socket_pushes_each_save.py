"""Each save reaches an open socket as the next version of the board."""

import pytest

from tests.live.conftest import nothing_else_came, save_round_async, socket


@pytest.mark.django_db(transaction=True)
async def test_it_pushes_the_next_version_after_a_save(game):
    viewer = socket(game.code)
    await viewer.connect()
    first = await viewer.receive_json_from(timeout=5)

    await save_round_async(game, 1, [3, 9, 0])
    update = await viewer.receive_json_from(timeout=5)

    assert update["version"] == first["version"] + 1
    assert [p["total"] for p in update["players"]] == [3, 9, 0]
    assert [p["place"] for p in update["players"]] == [2, 3, 1]
    assert f'data-version="{update["version"]}"' in update["html"]
    assert await nothing_else_came(viewer)
    await viewer.disconnect()
