"""The pages that gained "Share the result", on a 390×844 phone with touch in English,
Spanish and French: the button is there in the reader's language, big enough to tap, the
page still fits the screen; and in English axe-core finds no serious or critical
violation (axe in English only: the same markup in every language)."""

import pytest

from tests.pictures.events import EVENTS
from tests.project.test_accessibility_axe import AXE, RUN_AXE
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen

pytestmark = [pytest.mark.browser, pytest.mark.layout]

SHARE = {"en": "Share the result", "es": "Compartir el resultado", "fr": "Partager le résultat"}
PAGES = {"game": "games", "night": "nights", "heats-final": "tournaments"}


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_share_fits_a_phone_in_every_language(new_page, server, language):
    events = {kind: EVENTS[kind]() for kind in PAGES}
    page = new_page(**PHONE, bypass_csp=True, language=language)
    for kind, folder in PAGES.items():
        page.goto(f"/{folder}/{events[kind].code}/")
        share = page.get_by_role("link", name=SHARE[language])
        share.scroll_into_view_if_needed()
        screenshot(page, f"phone-share-{kind}-{language}", full_page=True)
        box = share.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390, kind
        assert fits_the_screen(page), f"the {kind} page pans sideways"
        if language == "en":  # axe: the same markup in every language
            page.add_script_tag(path=str(AXE))
            assert page.evaluate(RUN_AXE) == [], f"the {kind} page in {language}"
