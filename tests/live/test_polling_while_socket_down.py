"""When no websocket gets through (a proxy that drops them, a server restarting), the
page polls the API, still shows each save, says it is offline, and goes live again."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save
from tests.live.refused_sockets import RefusedSockets


@pytest.mark.browser
def test_it_polls_while_the_socket_is_down_and_stops_once_it_is_back(new_page, server):
    new = make_game(ruleset="oll", variant="full")
    page = new_page()
    sockets = RefusedSockets(page, "/ws/games/", reads="/api/games/")
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

    sockets.let_through(status)
    expect(status).to_have_attribute("data-state", "live")
    polls = len(sockets.reads)
    page.clock.run_for(20_000)
    assert polls >= 4
    assert len(sockets.reads) == polls, "no polling while the socket is live"
