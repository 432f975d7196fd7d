"""A TV for the big screen's browser tests: 1920×1080, a full table of eight long names
over thirteen rounds, and the in-browser measure of everything the screen draws."""

import random

from games.scorekeeping import end_game
from tests.factories import KEEPER, make_game, save_round

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

# Longer still: a hyphenated name, and one of 30 characters with a space and a hyphen.
LONGEST = (
    "Christopher",
    "Bartholomew",
    "Maximilian-Alexander",
    "Evangeline",
    "Konstantinos Papadopoulos-Ruiz",
    "Gwendolyn",
    "Alexandra",
    "Francesca",
)

# Whether a name cell's full name (its aria-label once shortened) would fit its column at
# a font size, put back as it was afterwards: `const fitsWholeAt = ${FITS_WHOLE_AT};`.
FITS_WHOLE_AT = """(th, px) => {
  const [text, size] = [th.textContent, th.style.fontSize];
  th.textContent = th.getAttribute("aria-label") || text;
  th.style.fontSize = `${px}px`;
  const fits = th.scrollWidth <= th.clientWidth + 0.5;
  th.textContent = text;
  th.style.fontSize = size;
  return fits;
}"""

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
