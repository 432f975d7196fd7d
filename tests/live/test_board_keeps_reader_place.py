"""A live update does not undo what a reader did on the board: a phone scrolled
sideways along a wide grid stays where it was, and keyboard focus stays put."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save

EIGHT = ("Alexandra", "Bartholomew", "Christopher", "Dominique", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.browser
def test_it_keeps_the_scroll_position_and_focus_of_the_board_across_an_update(new_page, server):
    new = make_game(names=EIGHT, ruleset="oll", variant="full")
    page = new_page(f"/games/{new.game.code}/", viewport={"width": 360, "height": 740})
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    scroller = page.locator("#board .board-scroll")
    scroller.focus()
    scroller.evaluate("(el) => { el.scrollLeft = 200; }")
    left = scroller.evaluate("(el) => el.scrollLeft")
    assert left > 0, "the grid is wider than a phone"

    api_save(server.url, new.game, new.key, 1, list(range(8)), engine=12, version=1)

    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    assert page.locator("#board .board-scroll").evaluate("(el) => el.scrollLeft") == left
    assert page.evaluate("document.activeElement.classList.contains('board-scroll')")
