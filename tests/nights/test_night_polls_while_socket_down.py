"""When the night's websocket cannot get through, the wall screen polls the night's API
and still draws each table's new round, then goes live again once the socket is back."""

from playwright.sync_api import expect

from tests.factories import night_of, numbered
from tests.live.conftest import api_save
from tests.live.refused_sockets import RefusedSockets


def test_it_polls_the_night_while_the_socket_is_down(new_page, server):
    new = night_of(numbered(2, "A"), numbered(3, "B"))
    first, second = new.tables
    page = new_page()
    sockets = RefusedSockets(page, "/ws/nights/", reads="/api/nights/")
    page.goto(f"/nights/{new.night.code}/screen/")
    status = page.locator("#live-status")
    expect(status).to_have_attribute("data-state", "reconnecting")

    api_save(server.url, second.game, second.key, 1, [4, 0, 9], 12, second.game.version)
    page.clock.run_for(5_500)

    board = page.locator(f"#board-{second.game.code}")
    expect(board.locator("tfoot tr.totals td")).to_have_text(["4", "0", "9"])
    expect(board).to_have_attribute("data-version", str(second.game.version + 1))
    expect(page.locator(f"#board-{first.game.code} tbody tr.empty")).to_have_count(1)
    assert sockets.reads, "the night's API was polled"

    sockets.let_through(status)
    expect(status).to_have_attribute("data-state", "live")
