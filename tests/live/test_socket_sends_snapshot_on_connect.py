"""A viewer who opens the board's socket gets the whole current board at once."""

import pytest

from tests.live.conftest import save_round_async, socket


@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_snapshot_and_board_as_soon_as_a_viewer_connects(game):
    await save_round_async(game, 1, [5, 0, 17])
    viewer = socket(game.code)
    connected, _ = await viewer.connect()
    assert connected

    message = await viewer.receive_json_from(timeout=5)

    assert message["code"] == game.code
    assert message["version"] == 2
    assert message["status"] == "in_progress"
    assert [p["name"] for p in message["players"]] == ["Ann", "Bob", "Cy"]
    assert [p["total"] for p in message["players"]] == [5, 0, 17]
    assert message["rounds"][0]["engine"] == 12
    assert message["html"].startswith('<div class="board" id="board" data-version="2"')
    assert ">17</td>" in message["html"]
    await viewer.disconnect()
