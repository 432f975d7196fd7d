"""A scorekeeper's save draws the board once: when the live push already brought the new
version, the save's own answer leaves the board alone (no second swap, no lost flash)."""

import pytest
from playwright.sync_api import expect

from games.starting import start_game
from players.models import Player

pytestmark = pytest.mark.browser

# Hold the save's answer until the live push has drawn its version, so the order the
# issue is about (push first, then the answer) happens every time, not by chance.
PUSH_FIRST = """
(() => {
  const original = window.fetch;
  const shown = () => Number(document.getElementById("board")?.dataset.version ?? 0);
  window.fetch = async (...args) => {
    const answer = await original(...args);
    if (!String(args[0]).endsWith("/rounds/")) return answer;
    const { version } = await answer.clone().json();
    if (shown() < version) {
      await new Promise((resolve) => {
        const check = () => {
          if (shown() >= version) {
            document.removeEventListener("trainscore:snapshot", check);
            resolve();
          }
        };
        document.addEventListener("trainscore:snapshot", check);
      });
    }
    window.pushCameFirst = true;
    return answer;
  };
})();
"""

COUNT_SWAPS = """
window.boardSwaps = 0;
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) if (node.id === "board") window.boardSwaps += 1;
  }
}).observe(document.body, { childList: true, subtree: true });
"""


def test_a_save_swaps_the_board_once_with_the_change_list_open(new_page, server):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob")]
    started = start_game(ruleset="mexican-train", variant=None, players=players)
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.add_init_script(PUSH_FIRST)
    page.goto(f"/games/{started.game.code}/keep/{started.key}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.locator("#history-details > summary").click()
    page.evaluate(COUNT_SWAPS)

    page.get_by_label("Ann", exact=True).fill("0")
    page.get_by_label("Bob", exact=True).fill("12")
    page.get_by_label("Station double").select_option("12")
    page.get_by_role("button", name="Save round 1").click()

    expect(page.locator("#keeper-status")).to_have_text("Round 1 saved.")
    expect(page.locator("#changes")).to_contain_text("Round 1")
    expect(page.locator("#board tr.totals td")).to_have_text(["0", "12"])
    assert page.evaluate("window.pushCameFirst") is True
    assert page.evaluate("window.boardSwaps") == 1
