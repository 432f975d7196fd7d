"""A viewer's phone (390×844) shows every player's place, name and total on the first
screen, the grid below, and the standings follow a save live."""

import pytest
from playwright.sync_api import expect

from tests.factories import LONG_NAMES, make_game, save_round
from tests.live.conftest import api_save
from tests.screenshots import screenshot
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

FIRST_SCREEN = """() => {
  const rows = [...document.querySelectorAll("#board .board-standings li")];
  const grid = document.querySelector("#board .board-grid").getBoundingClientRect();
  return {
    rows: rows.map((li) =>
      ["place", "name", "total"].map((part) => li.querySelector(`.standing-${part}`).textContent)
    ),
    offScreen: rows.filter((li) => li.getBoundingClientRect().bottom > innerHeight).length,
    gridBelow: grid.top >= rows.at(-1).getBoundingClientRect().bottom,
    scrolled: window.scrollY,
  };
}"""


def test_a_phone_viewer_sees_all_standings_first_and_the_grid_below(new_page, server):
    new = make_game(names=LONG_NAMES, ruleset="oll", variant="full")
    game = new.game
    save_round(game, 1, [40, 0, 12, 7, 99, 3, 58, 21])
    save_round(game, 2, [0, 30, 12, 7, 1, 3, 8, 21])

    page = new_page(f"/games/{game.code}/", **PHONE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    screenshot(page, "standings-first-on-a-phone")
    seen = page.evaluate(FIRST_SCREEN)

    assert seen["scrolled"] == 0
    assert seen["offScreen"] == 0, "every player's standing is on the first screen"
    assert seen["gridBelow"]
    assert seen["rows"] == [
        ["1st", "Alexandra", "total 6"],
        ["2nd", "Evangeline", "total 14"],
        ["3rd", "Maximiliana", "total 24"],
        ["4th", "Bartholomew", "total 30"],
        ["5th", "Christopher", "total 40"],
        ["6th", "Dominique", "total 42"],
        ["7th", "Francesca", "total 66"],
        ["8th", "Gwendolyn", "total 100"],
    ]

    # Another device saves round 3: Alexandra drops to sixth, live.
    game.refresh_from_db()
    api_save(server.url, game, new.key, 3, [0, 0, 0, 0, 0, 50, 0, 0], 10, game.version)
    standings = page.locator("#board .board-standings li")
    expect(standings.first).to_have_text("1st Evangeline total 14, leading")
    expect(standings.nth(5)).to_have_text("6th Alexandra total 56")
    assert page.evaluate(FIRST_SCREEN)["offScreen"] == 0
