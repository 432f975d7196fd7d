"""The big screen's first paint is its final layout, and a live save moves nothing but
what changed: the layout shifts the browser records (PerformanceObserver
`layout-shift`) while the page loads and one save arrives add up to under 0.05."""

import pytest

from tests.factories import make_game, play_rounds
from tests.live.conftest import api_save
from tests.live.tv import LONGEST, TV

pytestmark = [pytest.mark.browser, pytest.mark.layout]

# Every shift since the page began to load (buffered), and every one after.
WATCH_SHIFTS = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.shifts.push(entry.value);
    }
  }).observe({type: "layout-shift", buffered: true});
}"""


@pytest.mark.parametrize("played", [2, 11])
def test_the_screen_does_not_move_as_it_loads_or_takes_a_save(new_page, server, played):
    new = make_game(names=LONGEST, ruleset="mexican-train", variant=None)
    game = new.game
    play_rounds(game, played)

    page = new_page(f"/games/{game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    page.evaluate(WATCH_SHIFTS)
    game.refresh_from_db()
    engine = 12 - played  # the next double down: play_rounds plays 12, 11, …
    api_save(
        server.url, game, new.key, played + 1, [5, 0, 17, 3, 9, 12, 40, 1], engine, game.version
    )
    page.wait_for_selector(f'#board[data-version="{game.version + 1}"]')
    # The observer hears of a frame's shifts once it is drawn: wait one frame and a task.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")

    shifts = page.evaluate("() => window.shifts")
    assert sum(shifts) < 0.05, f"layout shifts: {shifts}"
