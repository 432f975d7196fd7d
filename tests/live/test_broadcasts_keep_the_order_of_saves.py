"""Screens get a game's changes in the order they were saved, even when the request of an
earlier save is the slower to finish (a busy moment on a small machine)."""

import asyncio
import threading

import pytest
from django.core.signals import request_finished

from tests.factories import make_game
from tests.live.conftest import saving, watching
from trainscore.asgi import application


@pytest.mark.django_db(transaction=True)
async def test_a_save_finishing_before_the_one_before_it_reaches_screens_second():
    new = await asyncio.to_thread(make_game)
    game, key = new.game, new.key
    first_tidying, second_done = threading.Event(), threading.Event()

    def tidy_first_request_slowly(**_):
        # Django tidies up after a request in its thread, once the answer is out; the
        # first save's thread is held there until the second save's request is done.
        if not first_tidying.is_set():
            first_tidying.set()
            second_done.wait(timeout=10)

    request_finished.connect(tidy_first_request_slowly, dispatch_uid="slow tidy")
    try:
        viewer = await watching(game)
        first = await saving(game, key, application, 1, (5, 0, 12), version=1)
        assert (await first.receive_output(timeout=20))["status"] == 200
        await first.receive_output(timeout=20)  # the body
        assert await asyncio.to_thread(first_tidying.wait, 10)

        second = await saving(game, key, application, 2, (3, 8, 0), version=2)
        assert (await second.receive_output(timeout=20))["status"] == 200
        await second.receive_output(timeout=20)
        await second.wait(timeout=10)  # the second request is done, the first is not
        second_done.set()

        assert (await viewer.receive_json_from(timeout=10))["version"] == 2
        latest = await viewer.receive_json_from(timeout=10)
        assert latest["version"] == 3
        assert [p["total"] for p in latest["players"]] == [8, 8, 12]
        await first.wait(timeout=10)
        assert await viewer.receive_nothing(timeout=0.2), "each version came once"
        await viewer.disconnect()
    finally:
        second_done.set()
        request_finished.disconnect(dispatch_uid="slow tidy")
