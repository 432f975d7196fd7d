"""A save that reached the server but whose answer was lost on the way back (the phone
dropped off the network at the wrong moment) stays in the outbox and is sent again; the
server records it once, and the page says nothing changed the second time."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Change
from tests.factories import make_game

NAMES = ("Ann", "Bob", "Cy")


@pytest.mark.browser
def test_a_save_whose_answer_was_lost_is_sent_again_and_recorded_once(new_page, server):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    # Page routes only see the page's own requests when no service worker stands between.
    keeper = new_page(f"/games/{new.game.code}/keep/{new.key}/", service_workers="block")
    expect(keeper.locator("#live-status")).to_have_attribute("data-state", "live")
    posts = []

    def answer_lost_the_first_time(route):
        posts.append(route.request.post_data)
        if len(posts) == 1:
            route.fetch()  # the server saves the round …
            route.abort("internetdisconnected")  # … and the answer never arrives
        else:
            route.continue_()

    keeper.route("**/rounds/", answer_lost_the_first_time)
    for name, value in zip(NAMES, (5, 0, 17), strict=True):
        keeper.get_by_label(name, exact=True).fill(str(value))
    keeper.get_by_role("button", name="Save round 1").click()

    expect(keeper.locator("#keeper-status")).to_have_text(
        "Round 1 already has these scores; nothing changed.", timeout=15_000
    )
    assert len(posts) == 2
    assert re.search(r'name="version"\r\n\r\n1\r\n', posts[1]), "sent again on its version"
    assert Change.objects.filter(game=new.game, kind=Change.Kind.SAVE).count() == 1
    new.game.refresh_from_db()
    assert new.game.version == 2
    expect(keeper.locator("#outbox-status")).to_be_hidden()
    expect(keeper.locator("#board tfoot tr.totals td")).to_have_text(["5", "0", "17"])
    expect(keeper.get_by_role("button", name="Save round 2")).to_be_visible()
