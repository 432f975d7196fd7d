"""Where the Scorekeeper button sits on a phone: beside the game's name for a browser
that keeps score, and for a viewer a small link at the bottom right of the page (where
the club's old site had it) that says how to get the scorekeeper link. Neither is fixed
over the page."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

PLACE = """() => {
  const button = document.getElementById("keeper-toggle");
  const box = button.getBoundingClientRect();
  const controls = [
    ...document.querySelectorAll("main :is(a[href], button, input, select, summary)"),
  ].filter((el) => el.getClientRects().length > 0);
  return {
    position: getComputedStyle(button).position,
    inHeader: Boolean(button.closest(".game-header")),
    last: controls.at(-1) === button,
    rightGap: document.documentElement.clientWidth - box.right,
    height: box.height,
  };
}"""


def test_a_viewer_finds_a_small_link_at_the_bottom_right_that_explains(new_page, server):
    game = make_game().game
    page = new_page(f"/games/{game.code}/", **PHONE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")

    place = page.evaluate(PLACE)
    assert place["position"] == "static"
    assert place["last"], "the last control of the page's content (the language switch below)"
    assert place["rightGap"] < 24, "at the right edge of the page"
    assert place["height"] >= 44, "still a tap target"
    help_text = page.get_by_text("This browser can only watch this game.")
    expect(help_text).to_be_hidden()
    page.get_by_role("button", name="Scorekeeper").click()
    expect(help_text).to_be_visible()
    expect(page.get_by_text("open the scorekeeper link on this device")).to_be_in_viewport()


def test_a_scorekeeper_finds_the_button_beside_the_games_name(new_page, server):
    new = make_game()
    page = new_page(f"/games/{new.game.code}/keep/{new.key}/", **PHONE)
    expect(page.locator("#round-form")).to_be_visible()

    place = page.evaluate(PLACE)
    assert place["position"] == "static"
    assert place["inHeader"]
    button = page.get_by_role("button", name="Scorekeeper")
    expect(button).to_have_attribute("aria-expanded", "true")
    button.click()
    expect(page.locator("#round-form")).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(page.locator("#round-form")).to_be_visible()
