"""Cells a save changed flash briefly, so people see what moved; the rest stay still."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save

RECORD_FLASHES = """() => {
  window.flashed = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!node.querySelectorAll) continue;
        for (const cell of node.querySelectorAll(".changed")) {
          window.flashed.push(cell.textContent.trim());
        }
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


@pytest.mark.browser
def test_it_flashes_the_cells_a_save_changed_and_then_stops(new_page, server):
    new = make_game(names=("Ann", "Bob"), ruleset="oll", variant="full")
    api_save(server.url, new.game, new.key, 1, [4, 8], engine=12, version=1)
    page = new_page(f"/games/{new.game.code}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.evaluate(RECORD_FLASHES)

    api_save(server.url, new.game, new.key, 2, [0, 3], engine=11, version=2)

    expect(page.locator("#board")).to_have_attribute("data-version", "3")
    flashed = page.evaluate("window.flashed")
    # Round 2's two new scores and Bob's new total; Ann's total (still 4), both
    # round-1 scores and the places did not change, so they stay still.
    assert sorted(flashed) == ["0", "11", "3"]
    expect(page.locator("#board .changed")).to_have_count(0, timeout=5_000)


@pytest.mark.browser
def test_it_does_not_animate_for_people_who_asked_for_less_motion(new_page, server):
    new = make_game(names=("Ann", "Bob"), ruleset="oll", variant="full")
    page = new_page(f"/games/{new.game.code}/", reduced_motion="reduce")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")

    api_save(server.url, new.game, new.key, 1, [4, 8], engine=12, version=1)

    changed = page.locator("#board td.changed").first
    expect(changed).to_be_attached()
    assert changed.evaluate("(cell) => getComputedStyle(cell).animationName") == "none"
