"""When the night's websocket cannot get through, the wall screen polls the night's API
and still draws each table's new round, then goes live again once the socket is back."""

import re

from playwright.sync_api import expect

from tests.live.conftest import api_save
from tests.nights.conftest import register
from tests.nights.seated import night_of

SOCKET = re.compile(r"/ws/nights/")


def test_it_polls_the_night_while_the_socket_is_down(new_page, server):
    new = night_of(register(2, "A"), register(3, "B"))
    first, second = new.tables
    sockets_allowed = {"now": False}
    reads = []

    def route(socket):
        if sockets_allowed["now"]:
            socket.connect_to_server()
        else:
            socket.close(code=1011, reason="refused by the test")

    page = new_page("/")
    page.clock.install()
    page.route_web_socket(SOCKET, route)
    page.on("request", lambda r: reads.append(r.url) if "/api/nights/" in r.url else None)
    page.goto(f"/nights/{new.night.code}/screen/")
    status = page.locator("#live-status")
    expect(status).to_have_attribute("data-state", "reconnecting")

    api_save(server.url, second.game, second.key, 1, [4, 0, 9], 12, second.game.version)
    page.clock.run_for(5_500)

    board = page.locator(f"#board-{second.game.code}")
    expect(board.locator("tfoot tr.totals td")).to_have_text(["4", "0", "9"])
    expect(board).to_have_attribute("data-version", str(second.game.version + 1))
    expect(page.locator(f"#board-{first.game.code} tbody tr.empty")).to_have_count(1)
    assert reads, "the night's API was polled"

    sockets_allowed["now"] = True
    for _ in range(65):  # the longest back-off is 30 s; step the clock so the network keeps up
        if status.get_attribute("data-state") == "live":
            break
        page.clock.run_for(500)
        page.wait_for_timeout(20)
    expect(status).to_have_attribute("data-state", "live")
