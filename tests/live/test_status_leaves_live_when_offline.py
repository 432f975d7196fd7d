"""Every live page tells the truth about its connection: the board, the TV screen and
the scorekeeper's page each stop saying "Live" within 5 s of the browser going offline,
say so in words, and are live again once the connection is back."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_game

OFFLINE_NOTICED_MS = 5_000


@pytest.mark.browser
@pytest.mark.parametrize("page_kind", ["board", "screen", "keeper"])
def test_it_leaves_live_within_5_s_of_going_offline_and_returns_after(new_page, server, page_kind):
    new = make_game(ruleset="oll", variant="full")
    code = new.game.code
    path = {
        "board": f"/games/{code}/",
        "screen": f"/games/{code}/screen/",
        "keeper": f"/games/{code}/keep/{new.key}/",
    }[page_kind]
    page = new_page(path)
    status = page.locator("#live-status")
    expect(status).to_have_attribute("data-state", "live")
    expect(status).to_have_text("Live")

    page.context.set_offline(True)

    expect(status).not_to_have_attribute("data-state", "live", timeout=OFFLINE_NOTICED_MS)
    expect(status).to_have_text(re.compile(r"^Offline since \d\d:\d\d"), timeout=OFFLINE_NOTICED_MS)

    page.context.set_offline(False)

    expect(status).to_have_attribute("data-state", "live", timeout=15_000)
    expect(status).to_have_text("Live")
