"""A screen joining a game this process already follows gets the message the others hold,
with no database work and no render: a room of screens reconnecting at once costs little."""

import pytest

from live import consumers, fanout
from tests.live.conftest import save_round_async, socket


@pytest.fixture
def reads(monkeypatch):
    """The game reads a connecting screen makes (its version, its rendered message)."""
    made = []
    for module, name in ((consumers, "current_version"), (fanout, "current_message")):
        real = getattr(module, name)

        async def counted(*args, real=real, name=name):
            made.append(name)
            return await real(*args)

        monkeypatch.setattr(module, name, counted)
    return made


@pytest.mark.django_db(transaction=True)
async def test_later_screens_get_the_followed_message_without_reading_the_game(
    game, reads, board_renders
):
    await save_round_async(game, 1, [5, 0, 17])
    board_renders.clear()
    first = socket(game.code)
    assert (await first.connect())[0]
    shown = await first.receive_from(timeout=5)
    assert reads and len(board_renders) == 1
    reads.clear()
    board_renders.clear()

    later = [socket(game.code) for _ in range(20)]
    for screen in later:
        assert (await screen.connect())[0]
    assert {await screen.receive_from(timeout=5) for screen in later} == {shown}
    assert reads == []
    assert board_renders == []

    await save_round_async(game, 2, [1, 2, 3])
    pushed = {(await screen.receive_json_from(timeout=5))["version"] for screen in [first, *later]}
    assert pushed == {3}
    for screen in [first, *later]:
        await screen.disconnect()
