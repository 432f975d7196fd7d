"""Once the screens stay put, the process keeps their objects out of the garbage
collector's full passes (which, walking 2000 connections, held up a save ~200 ms); after
a room of screens has left, the next settle frees what they left behind."""

import gc
import weakref

import pytest
from django.test import override_settings

from core import process_tuning
from live import fanout
from tests.live.conftest import socket


class Cycle:
    """Garbage only the collector can free: it holds itself."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def unfrozen(monkeypatch):
    """A process with nothing frozen before the test and after it; no settle runs by
    itself (the test calls it)."""
    gc.unfreeze()
    monkeypatch.setattr(process_tuning, "_screens", 0)
    monkeypatch.setattr(process_tuning, "_left", 0)
    monkeypatch.setattr(process_tuning, "_since", None)
    monkeypatch.setattr(process_tuning, "_timer", None)
    with override_settings(GC_SETTLE_SECONDS=3600):
        yield
    gc.unfreeze()


def tracked(thing) -> bool:
    """The collector's full passes walk it (frozen objects are not listed)."""
    return any(each is thing for each in gc.get_objects())


@pytest.mark.django_db(transaction=True)
async def test_settled_screens_are_out_of_the_collectors_reach(game, unfrozen):
    viewers = [socket(game.code) for _ in range(3)]
    for viewer in viewers:
        await viewer.connect()
        await viewer.receive_from(timeout=5)
    feed = fanout.watched(game.code)
    assert process_tuning.waiting(), "screens came: a settle is due"
    assert tracked(feed)

    process_tuning.settle()

    assert not process_tuning.waiting()
    assert not tracked(feed)
    assert gc.get_freeze_count() > 0
    for viewer in viewers:
        await viewer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_after_a_room_left_the_next_settle_frees_what_it_left(game, unfrozen, monkeypatch):
    monkeypatch.setattr(process_tuning, "FEW_LEFT", 1)
    viewers = [socket(game.code) for _ in range(3)]
    for viewer in viewers:
        await viewer.connect()
        await viewer.receive_from(timeout=5)
    left_behind = Cycle()
    still_there = weakref.ref(left_behind)
    process_tuning.settle()
    del left_behind
    gc.collect()
    assert still_there() is not None, "frozen: an ordinary collection passes it by"

    # One screen of three leaving is not worth a full pass...
    await viewers[0].disconnect()
    process_tuning.settle()
    assert still_there() is not None

    # ...the whole room leaving is.
    for viewer in viewers[1:]:
        await viewer.disconnect()
    process_tuning.settle()
    assert still_there() is None
    assert gc.get_freeze_count() > 0, "and what is left is kept out again"
