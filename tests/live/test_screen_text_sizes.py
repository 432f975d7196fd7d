"""Across a room: on a 1920×1080 TV the players' names over the columns are at least
32 px (a name with a word too wide for its column at 32 px shrinks, never under 24 px:
test_names_over_columns_read_whole.py) and the standings at least 36 px, for eight long
names over thirteen rounds, and the whole board still fits (sizes read from the computed
styles)."""

import pytest

from tests.factories import make_game, save_round
from tests.live.tv import EIGHT, FITS_WHOLE_AT, GEOMETRY, TV, eight_by_thirteen
from tests.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.layout]

SIZES = """() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const names = [...document.querySelectorAll("#board .board-grid thead th[data-player]")];
  const standings = [...document.querySelectorAll(
    ["place", "name", "total"].map((part) => `#standings-list .standing-${part}`).join(", ")
  )];
  const fitsWholeAt = FITS_WHOLE_AT;
  return {
    names: names.map((el) => [el.textContent.trim(), px(el), fitsWholeAt(el, 32)]),
    standings: standings.map((el) => [el.textContent.trim(), px(el)]),
  };
}""".replace("FITS_WHOLE_AT", FITS_WHOLE_AT)


@pytest.mark.parametrize(("rounds", "finished"), [(12, False), (13, True)])
def test_names_and_standings_are_big_enough_to_read_across_a_room(new_page, rounds, finished):
    game = eight_by_thirteen(rounds, finished)

    page = new_page(f"/games/{game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, f"screen-text-sizes-{rounds}")
    sizes = page.evaluate(SIZES)

    assert len(sizes["names"]) == 8
    small_names = [(name, size) for name, size, fits in sizes["names"] if fits and size < 32]
    assert small_names == [], "names that fit at 32 px must be at least 32 px"
    assert min(size for _, size, _ in sizes["names"]) >= 24
    assert len(sizes["standings"]) == 3 * 8, "place, name and total for each player"
    small_standings = [(text, size) for text, size in sizes["standings"] if size < 36]
    assert small_standings == [], "the standings must be at least 36 px"
    assert page.evaluate(GEOMETRY)["problems"] == []


def test_with_five_players_each_long_name_is_on_one_line(new_page):
    game = make_game(names=EIGHT[:5], ruleset="oll", variant="full").game
    for number in range(1, 13):
        save_round(game, number, [number, 2 * number, 0, 99, 7])

    page = new_page(f"/games/{game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    lines = page.evaluate(
        """() => [...document.querySelectorAll("#board .board-grid thead th[data-player]")]
          .map((th) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return [th.textContent.trim(), range.getClientRects().length,
                    parseFloat(getComputedStyle(th).fontSize)];
          })"""
    )

    assert [(name, count) for name, count, _ in lines] == [(name, 1) for name in EIGHT[:5]]
    assert min(size for *_, size in lines) >= 32
    assert page.evaluate(GEOMETRY)["problems"] == []
