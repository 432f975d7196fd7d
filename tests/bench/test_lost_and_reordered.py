"""A lost or reordered update must show up in the bench's count, never as a fast save."""

import json
import os
import sys

import pytest

from bench import processes
from bench.stats import Tally, tally
from bench.viewers import version_of


def test_it_counts_nothing_wrong_when_every_version_arrives_in_order():
    assert tally([2, 3, 4], [1, 2, 3, 4]) == Tally(lost=0, out_of_order=0, duplicates=0)


def test_it_counts_a_version_that_never_arrived_as_lost():
    assert tally([2, 3, 4], [1, 2, 4]).lost == 1


def test_it_counts_a_skipped_version_as_lost_even_when_a_later_one_came():
    assert tally([2, 3, 4, 5], [1, 5]).lost == 3


def test_it_counts_an_older_version_after_a_newer_one_as_out_of_order():
    result = tally([2, 3, 4], [1, 2, 4, 3])
    assert result.out_of_order == 1
    assert result.lost == 0


def test_it_counts_the_same_version_twice_as_a_duplicate_not_a_loss():
    assert tally([2, 3], [1, 2, 2, 3]) == Tally(lost=0, out_of_order=0, duplicates=1)


def test_it_adds_up_the_viewers():
    assert tally([2, 3], [1, 3]) + tally([2, 3], [1, 3, 2]) == Tally(lost=1, out_of_order=1)


def message(version: int) -> str:
    return json.dumps({"code": "abc", "version": version, "html": "<p>x</p>" * 300})


@pytest.fixture
def floor():
    argv = [sys.executable, "bench/floor.py", "{port}"]
    server = processes.Server("floor", argv, dict(os.environ), http=False).start()
    yield server
    server.stop()


def test_it_counts_losses_and_reordering_seen_by_real_viewers(floor):
    """The whole client path: sockets, frames, versions, then the count across viewers."""
    from websockets.sync.client import connect

    client = processes.Client()
    try:
        with connect(f"{floor.ws_url}/control", compression=None) as control:
            control.send(message(1))
            control.recv()
            got = client.call("connect", urls=[f"{floor.ws_url}/ws/"], origin=floor.url, count=3)
            assert got["connected"] == 3
            for version in (2, 4, 3):  # 3 arrives after 4, and 5 never comes
                control.send(message(version))
                control.recv()
            waited = client.call("wait", version=4, timeout=5)
            assert waited["holding"] == 3
            lost = client.call("wait", version=5, timeout=0.2)
            assert lost["holding"] == 0
            checks = client.call("check", versions=[2, 3, 4, 5])
    finally:
        client.close()
    assert checks["lost"] == 3
    assert checks["out_of_order"] == 3


def test_it_reads_the_version_from_compact_and_spaced_json():
    assert version_of(b'{"code":"x","version":12,"html":"data-version=\\"3\\""}') == 12
    assert version_of(b'{"code": "x", "version": 7}') == 7


def test_the_floor_answers_a_viewers_heartbeat_as_ours_does(floor):
    from websockets.sync.client import connect

    from live.consumers import PONG

    with connect(f"{floor.ws_url}/ws/", compression=None) as viewer:
        viewer.send('{"type":"ping"}')
        assert viewer.recv(timeout=5) == PONG
