"""Spanish and French run longer than English: every kind of page still fits a phone's
width (390 px, touch) in both, and the big screen and the night's wall still fit a
1920×1080 TV."""

import pytest
from playwright.sync_api import expect

from tests.factories import night_of_sizes, play_rounds
from tests.live.tv import EIGHT, GEOMETRY, TV, eight_by_thirteen
from tests.nights.wall_geometry import CUT_OFF
from tests.project.conftest import PAGE_KINDS, path_for
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

READ_AS_A_VIEWER = [kind for kind in PAGE_KINDS if kind != "new game"]  # staff's form: logs in


@pytest.mark.parametrize("locale", ["es-ES", "fr-FR"])
def test_every_page_fits_the_phone_in_spanish_and_french(new_page, server, club, locale):
    page = new_page(**PHONE, locale=locale)
    too_wide = {}
    for kind in READ_AS_A_VIEWER:
        page.goto(path_for(kind, club))
        assert page.locator("html").get_attribute("lang") == locale[:2], kind
        if kind.startswith(("game (", "screen")):
            expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width != PHONE["viewport"]["width"]:
            too_wide[kind] = width
    assert too_wide == {}


@pytest.mark.parametrize("locale", ["es-ES", "fr-FR"])
@pytest.mark.parametrize("finished", [False, True], ids=["playing", "final"])
def test_the_big_screen_still_fits_a_tv_in_spanish_and_french(new_page, server, locale, finished):
    game = eight_by_thirteen(12 + finished, finished)
    page = new_page(f"/games/{game.code}/screen/", viewport=TV, locale=locale)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert page.evaluate(GEOMETRY)["problems"] == []


@pytest.mark.parametrize("locale", ["es-ES", "fr-FR"])
def test_the_wall_still_fits_a_tv_in_spanish_and_french(new_page, server, locale):
    new = night_of_sizes(8, 8, 8, 8, ruleset="oll", variant="full", names=EIGHT)
    for seed, table in enumerate(new.tables):
        play_rounds(table.game, 13, seed=seed)
    page = new_page(f"/nights/{new.night.code}/screen/", viewport=TV, locale=locale)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert page.evaluate(CUT_OFF)["problems"] == []
