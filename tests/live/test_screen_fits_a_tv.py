"""A full table on a 1920×1080 TV: the whole board fits, with nothing cut off or scrolled."""

import random

import pytest

from games.scorekeeping import end_game
from tests.live.conftest import KEEPER, make_game, save_round

EIGHT = (
    "Alexandra",
    "Bartholomew",
    "Christopher",
    "Dominique",
    "Evangeline",
    "Francesca",
    "Gwendolyn",
    "Maximilian",
)
TV = {"width": 1920, "height": 1080}

# Everything the board and the side panel draw, measured in the browser.
GEOMETRY = """() => {
  const page = document.documentElement;
  const problems = [];
  if (page.scrollWidth > page.clientWidth || page.scrollHeight > page.clientHeight) {
    problems.push(`the page scrolls: ${page.scrollWidth}x${page.scrollHeight}`);
  }
  const area = document.querySelector(".screen-board");
  if (area.scrollHeight > area.clientHeight || area.scrollWidth > area.clientWidth) {
    problems.push("the board area scrolls");
  }
  const selectors = [
    "#board .board-grid th", "#board .board-grid td", "#board svg",
    ".screen-side h1", ".screen-side p", ".screen-side li",
    ".screen-side .double", ".screen-side svg", ".screen-side button",
  ];
  const shown = [...document.querySelectorAll(selectors.join(", "))]
    .filter((el) => el.getClientRects().length > 0);
  for (const el of shown) {
    const box = el.getBoundingClientRect();
    const name = `${el.tagName} "${el.textContent.trim().slice(0, 20)}"`;
    const outside = box.left < 0 || box.top < 0
      || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5;
    if (outside) problems.push(`${name} is outside the window`);
    const spills = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    if (el.tagName !== "svg" && spills) {
      const sizes = `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`;
      problems.push(`${name} overflows its box: ${sizes}`);
    }
  }
  const cell = document.querySelector("#board .board-grid tbody td");
  const boardCells = shown.filter((el) => el.closest("#board") && el.tagName !== "svg").length;
  return {problems, cellFont: parseFloat(getComputedStyle(cell).fontSize), boardCells};
}"""


def eight_by_thirteen(rounds: int, finished: bool):
    new = make_game(names=EIGHT, ruleset="oll", variant="full")
    game = new.game
    draw = random.Random(8)
    for number in range(1, rounds + 1):
        save_round(game, number, [draw.choice([0, 7, 23, 58, 99, 131, 176]) for _ in EIGHT])
    if finished:
        game.refresh_from_db()
        end_game(game=game, version=game.version, actor=KEEPER)
    return game


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
    page.screenshot(path=f"/tmp/{shot}")
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
