"""The wall screen's own controls, as the game's big screen has them: full screen at a
press, and a display kept awake."""

from playwright.sync_api import expect

from tests.factories import night_of, numbered


def test_it_goes_full_screen_and_back_and_keeps_the_display_awake(new_page):
    new = night_of(numbered(2, "A"), numbered(2, "B"))
    page = new_page(f"/nights/{new.night.code}/screen/")
    expect(page.locator("#night")).to_have_attribute("data-awake", "on")

    page.get_by_role("button", name="Full screen").click()

    expect(page.get_by_role("button", name="Leave full screen")).to_be_visible()
    assert page.evaluate("document.fullscreenElement === document.documentElement")
    page.get_by_role("button", name="Leave full screen").click()
    expect(page.get_by_role("button", name="Full screen")).to_be_visible()
    assert page.evaluate("document.fullscreenElement") is None
