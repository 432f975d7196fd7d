"""The big screen's own controls: full screen at a press, and a display kept awake."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game


@pytest.mark.browser
def test_it_goes_full_screen_and_back_from_its_button(new_page):
    game = make_game().game
    page = new_page(f"/games/{game.code}/screen/")
    button = page.get_by_role("button", name="Full screen")

    button.click()

    expect(page.get_by_role("button", name="Leave full screen")).to_be_visible()
    assert page.evaluate("document.fullscreenElement === document.documentElement")
    page.get_by_role("button", name="Leave full screen").click()
    expect(button).to_be_visible()
    assert page.evaluate("document.fullscreenElement") is None


@pytest.mark.browser
def test_it_keeps_the_display_awake_where_the_browser_allows_it(new_page):
    game = make_game().game

    page = new_page(f"/games/{game.code}/screen/")

    expect(page.locator("#game")).to_have_attribute("data-awake", "on")
