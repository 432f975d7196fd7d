"""The scorekeeper's page never says "Live" over a save that did not get through: a save
that can't reach the server makes the page check its socket at once, and a socket that
died silently is dropped well before the heartbeat would notice; once the connection is
back, the kept save is sent by itself."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Change
from tests.factories import make_game

SOCKET = re.compile(r"/ws/games/")
NAMES = ("Ann", "Bob", "Cy")


@pytest.mark.browser
def test_a_failed_save_takes_the_page_off_live_and_goes_once_the_connection_is_back(
    new_page, server
):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    sockets = []
    connection = {"down": True}

    def first_one_dead(socket):
        sockets.append(socket)
        if len(sockets) == 1:
            return  # accepted, then silent both ways: a dead connection
        if connection["down"]:
            socket.close(code=1011, reason="the connection is down")
        else:
            socket.connect_to_server()

    def saves(route):
        if connection["down"]:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    # Page routes only see the page's own requests when no service worker stands between.
    keeper = new_page(service_workers="block")
    keeper.route_web_socket(SOCKET, first_one_dead)
    keeper.route("**/rounds/", saves)
    # When the status entered each state, on the page's own clock.
    keeper.add_init_script(
        "window.entered = {};"
        "document.addEventListener('trainscore:status',"
        " (e) => { entered[e.detail.state] = performance.now(); });"
    )
    keeper.goto(f"/games/{new.game.code}/keep/{new.key}/")
    status = keeper.locator("#live-status")
    expect(status).to_have_attribute("data-state", "live")

    for name, value in zip(NAMES, (5, 0, 17), strict=True):
        keeper.get_by_label(name, exact=True).fill(str(value))
    keeper.get_by_role("button", name="Save round 1").click()

    expect(status).to_have_attribute("data-state", "checking")
    expect(status).to_have_text("Checking the connection…")
    expect(keeper.locator("#outbox-status")).to_have_text(
        re.compile(r"^1 save waiting to be sent \(round 1\)")
    )
    # No pong on the dead socket: it is dropped within PROBE_MS + CHECK_MS (10 s), not
    # the heartbeat's 25 s.
    expect(status).to_have_attribute("data-state", "reconnecting", timeout=20_000)
    checked_for = keeper.evaluate("entered.reconnecting - entered.checking")
    assert 0 < checked_for <= 10_000 + 1_000  # a second for a busy machine's timers
    assert Change.objects.filter(game=new.game).count() == 0

    connection["down"] = False

    expect(keeper.locator("#board tfoot tr.totals td")).to_have_text(
        ["5", "0", "17"], timeout=20_000
    )
    expect(status).to_have_attribute("data-state", "live")
    assert Change.objects.filter(game=new.game, kind=Change.Kind.SAVE).count() == 1
    expect(keeper.locator("#outbox-status")).to_be_hidden()
