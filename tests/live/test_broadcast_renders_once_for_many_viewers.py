"""Fifty viewers cost one render and one JSON encoding per change, not fifty; so does joining."""

import asyncio
import json

import pytest

from tests.live.conftest import save_round_async, socket

VIEWERS = 50


@pytest.fixture
def json_encodings(monkeypatch):
    """Calls of json.dumps anywhere, counted around the real function."""
    calls = []
    real = json.dumps

    def dumps(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(json, "dumps", dumps)
    return calls


@pytest.mark.django_db(transaction=True)
async def test_it_renders_and_encodes_a_change_once_for_fifty_viewers(
    game, board_renders, json_encodings
):
    viewers = [socket(game.code) for _ in range(VIEWERS)]
    for viewer in viewers:
        assert (await viewer.connect())[0]
    await asyncio.gather(*(viewer.receive_from(timeout=10) for viewer in viewers))
    # The first viewer's snapshot is rendered; the others reuse it (same version).
    assert len(board_renders) == 1
    board_renders.clear()
    json_encodings.clear()

    await save_round_async(game, 1, [8, 0, 21])
    received = await asyncio.gather(*(viewer.receive_from(timeout=10) for viewer in viewers))

    assert len(board_renders) == 1
    assert len(json_encodings) == 1
    assert len(set(received)) == 1, "every viewer gets the very same text"
    assert json.loads(received[0])["version"] == 2
    assert [p["total"] for p in json.loads(received[0])["players"]] == [8, 0, 21]
    await asyncio.gather(*(viewer.disconnect() for viewer in viewers))
