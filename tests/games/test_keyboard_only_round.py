"""A round entered and saved with the keyboard alone: Tab to the double's Draw button,
Enter draws it, Tab to the first player, then typing and Enter, which moves to the next
player and on the last one saves. No mouse, no tap."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game

pytestmark = pytest.mark.browser

FOCUSED = "document.activeElement.name || document.activeElement.textContent.trim()"


def test_a_round_is_entered_and_saved_with_tab_enter_and_typing(new_page):
    new = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    game = new.game
    page = new_page(f"/games/{game.code}/keep/{new.key}/")
    draw = page.get_by_role("button", name="Draw the station double")
    expect(draw).to_be_visible()
    # A phone's keypad shows "next" on each player's Enter key, and "done" on the last.
    hints = page.locator("#round-form input.score").evaluate_all(
        "(inputs) => inputs.map((input) => input.enterKeyHint)"
    )
    assert hints == ["next", "next", "done"]

    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == "Draw the station double":
            break
    else:
        pytest.fail("Tab never reached the Draw button")
    page.keyboard.press("Enter")
    engine = page.get_by_label("Station double")
    expect(engine).not_to_have_value("")
    drawn = int(engine.input_value())

    page.keyboard.press("Tab")
    expect(page.get_by_label("Ann", exact=True)).to_be_focused()
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Bob", exact=True)).to_be_focused()
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Cy", exact=True)).to_be_focused()
    expect(page.locator("#keeper-status")).to_be_empty()  # nothing saved before the last Enter
    page.keyboard.type("0")
    page.keyboard.press("Enter")

    expect(page.locator("#keeper-status")).to_have_text("Round 1 saved.")
    saved = page.request.get(f"/api/games/{game.code}").json()
    by_name = {p["id"]: p["name"] for p in saved["players"]}
    assert [(r["number"], r["engine"]) for r in saved["rounds"]] == [(1, drawn)]
    scores = {by_name[int(pid)]: points for pid, points in saved["rounds"][0]["scores"].items()}
    assert scores == {"Ann": 5, "Bob": 12, "Cy": 0}
    # Ready for the next round: the form moved on and the double is where typing starts.
    expect(page.get_by_role("button", name="Save round 2")).to_be_visible()
    expect(page.get_by_label("Station double")).to_be_focused()
