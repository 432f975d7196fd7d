"""A save that does not commit is never shown to viewers."""

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from tests.factories import save_round
from tests.live.conftest import save_round_async, socket


class Abandoned(Exception):
    pass


@database_sync_to_async
def save_then_roll_back(game):
    with pytest.raises(Abandoned), transaction.atomic():
        save_round(game, 1, [40, 40, 40])
        raise Abandoned


@pytest.mark.django_db(transaction=True)
async def test_it_sends_nothing_for_a_save_that_was_rolled_back(game):
    viewer = socket(game.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)

    await save_then_roll_back(game)

    # The next message is the next real save: nothing came for the abandoned one.
    await save_round_async(game, 1, [1, 2, 3])
    update = await viewer.receive_json_from(timeout=5)
    assert update["version"] == 2
    assert [p["total"] for p in update["players"]] == [1, 2, 3]
    await viewer.disconnect()
