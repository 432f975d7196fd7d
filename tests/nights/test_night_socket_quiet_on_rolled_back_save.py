"""A save on a table that does not commit is never shown on the night's screens."""

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from tests.factories import make_night, save_round
from tests.live.conftest import save_round_async
from tests.nights.conftest import night_socket

make_night_async = database_sync_to_async(make_night)


class Abandoned(Exception):
    pass


@database_sync_to_async
def save_then_roll_back(game):
    with pytest.raises(Abandoned), transaction.atomic():
        save_round(game, 1, [40, 40, 40], engine=12)
        raise Abandoned


@pytest.mark.django_db(transaction=True)
async def test_it_sends_nothing_for_a_table_save_that_was_rolled_back():
    new = await make_night_async(6, tables=2)
    game = new.tables[1].game
    viewer = night_socket(new.night.code)
    await viewer.connect()
    await viewer.receive_from(timeout=5)

    await save_then_roll_back(game)

    # The next message is the next real save: nothing came for the abandoned one.
    await save_round_async(game, 1, [1, 2, 3], engine=12)
    update = await viewer.receive_json_from(timeout=5)
    assert (update["label"], update["game"]["version"]) == ("Table 2", 2)
    assert [p["total"] for p in update["game"]["players"]] == [1, 2, 3]
    await viewer.disconnect()
