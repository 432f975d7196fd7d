"""Scaled out: a save taken by one daphne process reaches a night's screen on another."""

import json

import pytest
from websockets.sync.client import connect

from tests.factories import make_night
from tests.live.conftest import api_save


@pytest.mark.services
def test_a_night_viewer_on_one_process_gets_a_save_made_through_another(two_processes):
    first, second = two_processes
    new = make_night(9)  # Table 1: 5 players, Table 2: 4
    table = new.tables[1]

    url = f"{second.ws_url}/ws/nights/{new.night.code}/"
    with connect(url, origin=second.url, proxy=None, open_timeout=10) as viewer:
        on_connect = json.loads(viewer.recv(timeout=10))
        answer = api_save(first.url, table.game, table.key, 1, [6, 0, 11, 3], engine=12, version=1)
        pushed = json.loads(viewer.recv(timeout=10))

    assert on_connect["type"] == "night"
    assert [t["game"]["version"] for t in on_connect["tables"]] == [1, 1]
    assert answer["version"] == 2
    assert (pushed["type"], pushed["label"], pushed["game"]["version"]) == ("table", "Table 2", 2)
    assert [p["total"] for p in pushed["game"]["players"]] == [6, 0, 11, 3]
    assert ">11</td>" in pushed["game"]["html"]
