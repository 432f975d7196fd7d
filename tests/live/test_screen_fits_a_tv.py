"""A full table on a 1920×1080 TV: the whole board fits, with nothing cut off or scrolled."""

import pytest

from tests.live.tv import GEOMETRY, TV, eight_by_thirteen
from tests.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.layout]


@pytest.mark.parametrize(
    ("rounds", "finished", "shot"),
    [(12, False, "screen-8x13-playing.png"), (13, True, "screen-8x13-final.png")],
)
def test_it_fits_eight_players_and_thirteen_rounds_on_a_1080p_screen(
    new_page, rounds, finished, shot
):
    game = eight_by_thirteen(rounds, finished)

    page = new_page(f"/games/{game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, shot.removesuffix(".png"))
    measured = page.evaluate(GEOMETRY)

    assert measured["problems"] == [], measured["problems"]
    assert measured["boardCells"] == 9 * (1 + rounds + 2), "every cell was measured"
    assert measured["cellFont"] >= 36, "scores must be readable from across the room"
    assert page.locator("#board .board-grid tbody tr").count() == rounds
    if finished:
        assert page.locator("#standings-title").inner_text() == "Final standings"
        assert page.locator("#winner-line").is_visible()
        assert page.locator("#screen-now").is_hidden()
    else:
        assert page.locator("#now-round").inner_text() == "Round 13 of 13"
        assert page.locator("#now-double").get_attribute("aria-label") == "0|0"
