"""On a phone every control of the game pages and the menu is a tap target at least
44 px tall: links in the menu, buttons, inputs, selects and disclosure summaries. A link
inside a sentence is read as text and left out (WCAG's inline exception)."""

import pytest
from playwright.sync_api import expect

from tests.factories import LONG_NAMES, make_game, save_round
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

SMALL_TARGETS = """() => {
  const controls = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, summary, [tabindex='0']"
  );
  const inSentence = (el) => el.matches("a") && el.closest("p, li:not(nav li), td, dd, figcaption");
  return [...controls]
    .filter((el) => el.getClientRects().length > 0 && !inSentence(el))
    .filter((el) => !el.closest(".skip-link") && !el.matches(".skip-link"))
    .map((el) => [`${el.tagName} ${(el.textContent.trim() || el.name).slice(0, 30)}`,
                  Math.round(el.getBoundingClientRect().height)])
    .filter(([, height]) => height < 44);
}"""


@pytest.mark.parametrize("who", ["viewer", "scorekeeper"])
def test_every_control_on_the_game_page_is_big_enough_to_tap(new_page, server, who):
    new = make_game(names=LONG_NAMES[:4], ruleset="mexican-train", variant=None)
    save_round(new.game, 1, [12, 0, 33, 7], engine=12)
    path = f"/games/{new.game.code}/" + (f"keep/{new.key}/" if who == "scorekeeper" else "")
    page = new_page(path, **PHONE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    for details in page.locator("details").all():
        details.evaluate("(el) => { el.open = true; }")
    if who == "viewer":
        page.get_by_role("button", name="Scorekeeper").click()

    assert page.evaluate(SMALL_TARGETS) == []
