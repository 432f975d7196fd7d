"""The night page's standings cards keep every name whole, on a TV-sized window and on
phones of 390 and 320 px: a name with a word too wide for its card shrinks (never under
14 px on a page read at arm's length), and past that shows a short form, whole for
screen readers."""

import pytest
from playwright.sync_api import expect

from tests.factories import LONGER_NAMES, night_of, play_rounds, register
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen
from tests.whole_words import check_standings

pytestmark = [pytest.mark.browser, pytest.mark.layout]

OTHERS = ("Ana María Castellanos", "Maximilian-Alexander", "Wilhelmina", "Bernadette")


@pytest.mark.parametrize("window", ["tv", "phone"])
def test_the_night_standings_cut_no_name_inside_a_word(new_page, server, window):
    new = night_of(register(*LONGER_NAMES), register(*OTHERS), ruleset="mexican-train")
    play_rounds(new.tables[0].game, 3)
    options = {"viewport": {"width": 1920, "height": 1080}} if window == "tv" else PHONE
    widths = [1920] if window == "tv" else [390, 320]

    page = new_page(f"/nights/{new.night.code}/", **options)  # opened at the first width
    for width in widths:
        if width != page.viewport_size["width"]:
            page.set_viewport_size({"width": width, "height": options["viewport"]["height"]})
            page.reload()
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
        screenshot(page, f"night-standings-{width}", full_page=True)
        check_standings(page, ".standing-card", LONGER_NAMES + OTHERS, floor=14)
        assert fits_the_screen(page), f"the page pans sideways at {width} px"
