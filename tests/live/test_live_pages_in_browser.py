"""Three screens on one game: the scorekeeper saves, the board and the big screen follow.

Viewer pages cannot poll here (the API and the bare board are blocked for them), so
anything new they show came through their websocket.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save

SOCKET = re.compile(r"/ws/games/")


def totals(page):
    return page.locator("#board tfoot tr.totals td")


def open_viewer(new_page, path, errors):
    page = new_page()
    page.on("pageerror", lambda error: errors.append(f"{path}: {error}"))
    for blocked in ("**/api/games/**", "**/board/"):
        page.route(blocked, lambda route: route.abort())
    page.goto(path)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.evaluate("window.notReloaded = true")
    return page


@pytest.mark.browser
def test_it_shows_a_save_on_every_open_screen_and_recovers_from_a_restart(new_page, server):
    new = make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full")
    game, code = new.game, new.game.code
    keeper = new_page(f"/games/{code}/keep/{new.key}/")
    errors = []
    board = open_viewer(new_page, f"/games/{code}/", errors)
    screen = open_viewer(new_page, f"/games/{code}/screen/", errors)

    for name, points in zip(("Ann", "Bob", "Cy"), ("5", "0", "17"), strict=True):
        keeper.get_by_label(name, exact=True).fill(points)
    keeper.get_by_role("button", name="Save round 1").click()

    for page in (board, screen):
        expect(totals(page)).to_have_text(["5", "0", "17"], timeout=5_000)
        expect(page.locator("#board")).to_have_attribute("data-version", "2")
        assert page.evaluate("window.notReloaded") is True
    expect(screen.locator("#now-round")).to_have_text("Round 2 of 13")
    expect(screen.locator("#now-double")).to_have_attribute("aria-label", "11|11")
    expect(screen.locator("#standings-list li.leads .standing-name")).to_have_text("Bob")

    # Hold back the viewers' new sockets until the next save is in, so they can only
    # learn of it from the snapshot a reconnected socket starts with.
    gate = {"open": False}

    def through_gate(socket):
        if gate["open"]:
            socket.connect_to_server()
        else:
            socket.close(code=1013, reason="held back by the test")

    for page in (board, screen):
        page.route_web_socket(SOCKET, through_gate)
    server.restart()
    api_save(server.url, game, new.key, 2, [9, 30, 4], engine=11, version=2)
    for page in (board, screen):
        expect(page.locator("#live-status")).not_to_have_attribute("data-state", "live")
    gate["open"] = True

    for page in (board, screen):
        expect(totals(page)).to_have_text(["14", "30", "21"], timeout=40_000)
        expect(page.locator("#board")).to_have_attribute("data-version", "3")
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
        assert page.evaluate("window.notReloaded") is True
    expect(screen.locator("#now-round")).to_have_text("Round 3 of 13")
    expect(screen.locator("#standings-list li.leads .standing-name")).to_have_text("Ann")
    assert errors == []
