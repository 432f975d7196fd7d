"""A connection that dies without closing (a router drops it, a laptop sleeps) is noticed
within half a minute: the page pings, hears nothing back, and opens a new socket."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save

SOCKET = re.compile(r"/ws/games/")


@pytest.mark.browser
def test_it_replaces_a_silent_socket_within_half_a_minute_and_catches_up(new_page, server):
    new = make_game(ruleset="oll", variant="full")
    sent_to_silent = []
    sockets = []

    def route(socket):
        sockets.append(socket)
        if len(sockets) == 1:
            # Accepted, then silence both ways: what a dead TCP connection looks like.
            socket.on_message(lambda message: sent_to_silent.append(message))
        else:
            socket.connect_to_server()

    page = new_page()
    page.clock.install()
    page.route_web_socket(SOCKET, route)
    # Every state the status passes through, however briefly.
    page.add_init_script(
        "window.states = [];"
        "document.addEventListener('trainscore:status', (e) => states.push(e.detail.state));"
    )
    page.goto(f"/games/{new.game.code}/")
    status = page.locator("#live-status")
    expect(status).to_have_attribute("data-state", "live")
    api_save(server.url, new.game, new.key, 1, [2, 4, 6], engine=12, version=1)

    page.clock.run_for(19_000)  # a ping went out at 10 s; silence is not death yet
    expect(status).to_have_attribute("data-state", "live")
    assert len(sockets) == 1
    assert page.evaluate("states.at(-1)") == "live"
    silence = 19_000
    while len(sockets) < 2 and silence < 30_000:  # small steps: the network runs on real time
        page.clock.run_for(500)
        page.wait_for_timeout(20)
        silence += 500

    assert len(sockets) == 2, "a new socket was opened within 30 s of silence"
    assert page.evaluate("states.slice(states.indexOf('live'))")[1] == "reconnecting"
    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    expect(status).to_have_attribute("data-state", "live")
    assert {"type": "ping"} in [json.loads(m) for m in sent_to_silent]
