"""A page whose socket the server closes with 4503 (its database or Redis away for a
moment: docs/api.md) says it is not live, tries again about every second however long that
lasts, rather than backing off to half a minute, and is live within a second of the server
taking it again."""

import pytest
from playwright.sync_api import expect

from live.consumers import TRY_AGAIN_LATER
from tests.factories import make_game
from tests.live.refused_sockets import RefusedSockets

REFUSED_FOR = 20_000  # ms of the page's clock


@pytest.mark.browser
def test_a_page_told_to_try_again_later_tries_every_second(new_page, server):
    new = make_game(ruleset="oll", variant="full")
    page = new_page()
    sockets = RefusedSockets(page, "/ws/games/", reads="/api/games/", code=TRY_AGAIN_LATER)
    page.goto(f"/games/{new.game.code}/")
    status = page.locator("#live-status")

    for _ in range(REFUSED_FOR // 250):
        page.clock.run_for(250)
        page.wait_for_timeout(10)  # so the sockets keep up with the clock
        assert status.get_attribute("data-state") != "live"
    # Once a second at least: backing off from half a second would have made 6 tries.
    assert sockets.tries >= REFUSED_FOR // 1000

    sockets.allowed = True
    page.clock.run_for(1_000)
    expect(status).to_have_attribute("data-state", "live")
