"""No kind of page is wider than a phone from 320 to 430 px: whatever is wide (a board,
a table) scrolls inside its own box, so the page never pans sideways."""

import pytest

from tests.project.conftest import PAGE_KINDS, open_kind
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_the_page_is_never_wider_than_the_phone(new_page, server, club, kind):
    page = open_kind(new_page, kind, club, **PHONE)  # opened at 390 px
    widths = {}
    for width in (390, 320, 430):
        if width != page.viewport_size["width"]:
            page.set_viewport_size({"width": width, "height": 844})
            page.reload()
        widths[width] = page.evaluate("document.documentElement.scrollWidth")

    assert widths == {320: 320, 390: 390, 430: 430}, kind
