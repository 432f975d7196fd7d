"""When no websocket gets through (a proxy that drops them, a server restarting), the
page polls the API, still shows each save, says it is offline, and goes live again."""

import re

import pytest
from playwright.sync_api import expect

from tests.live.conftest import api_save, make_game

SOCKET = re.compile(r"/ws/games/")


@pytest.mark.browser
def test_it_polls_while_the_socket_is_down_and_stops_once_it_is_back(new_page, server):
    new = make_game(ruleset="oll", variant="full")
    sockets_allowed = {"now": False}
    api_reads = []

    def route(socket):
        if sockets_allowed["now"]:
            socket.connect_to_server()
        else:
            socket.close(code=1011, reason="refused by the test")

    page = new_page("/")
    page.clock.install()
    page.route_web_socket(SOCKET, route)
    page.on("request", lambda r: api_reads.append(r.url) if "/api/games/" in r.url else None)
    page.goto(f"/games/{new.game.code}/")
    status = page.locator("#live-status")
    expect(status).to_have_attribute("data-state", "reconnecting")
    expect(status).to_have_text("Reconnecting…")

    api_save(server.url, new.game, new.key, 1, [2, 4, 6], engine=12, version=1)
    page.clock.run_for(5_500)

    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    expect(page.locator("#board tfoot tr.totals td")).to_have_text(["2", "4", "6"])
    page.clock.run_for(15_000)
    expect(status).to_have_attribute("data-state", "offline")
    expect(status).to_have_text(re.compile(r"^Offline since \d\d:\d\d"))

    sockets_allowed["now"] = True
    for _ in range(65):  # the longest back-off is 30 s; step the clock so the network keeps up
        if status.get_attribute("data-state") == "live":
            break
        page.clock.run_for(500)
        page.wait_for_timeout(20)
    expect(status).to_have_attribute("data-state", "live")
    polls = len(api_reads)
    page.clock.run_for(20_000)
    assert polls >= 4
    assert len(api_reads) == polls, "no polling while the socket is live"
