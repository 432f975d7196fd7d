"""A whole club night in real browsers on a live daphne server.

Staff start a night of 11 players in Mexican Train with "seat them for me" (two tables,
of 6 and 5); each table keeps its first round through its own scorekeeper link in its
own browser; the wall screen at 1920×1080 shows both new rounds as they land, without
a reload, with nothing cut off and each table's leader marked.
"""

import re

import pytest
from playwright.sync_api import expect

from nights.models import Night
from tests.conftest import log_in
from tests.factories import numbered
from tests.nights.wall_geometry import CUT_OFF, TV
from tests.screenshots import screenshot

pytestmark = pytest.mark.browser

# Which cells of which table were flashed as a push landed (live.js marks them).
WATCH_FLASHES = """() => {
  window.flashed = {};
  new MutationObserver((changes) => {
    for (const change of changes) {
      const cell = change.target;
      if (!cell.classList?.contains("changed")) continue;
      const table = cell.closest("[data-table]")?.dataset.table;
      (window.flashed[table] ??= []).push(cell.textContent.trim());
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["class"]});
  window.sameDocument = true;
}"""

SCORES = {6: [0, 12, 30, 5, 7, 44], 5: [9, 3, 0, 21, 15]}


def start_the_night(page) -> list[int]:
    """Staff fill in the form, look at the drawn seats and start; the table sizes seen."""
    page.goto("/nights/new/")
    page.get_by_label("Name of the night").fill("Club night")
    page.get_by_label("Mexican Train").check()
    for number in range(1, 12):
        page.get_by_label(f"P{number}", exact=True).check()
    expect(page.get_by_label("Tables")).to_have_value("")  # "Seat them for me"
    page.get_by_role("button", name="Draw the seats").click()

    tables = page.locator(".seating-table")
    expect(tables).to_have_count(2)
    sizes = [tables.nth(i).locator(".seats li").count() for i in range(2)]
    page.get_by_role("button", name="Start the night").click()
    page.wait_for_url(re.compile(r"/nights/[\w-]+/#tables$"))
    return sizes


def keep_first_round(page, keeper_url: str) -> list[str]:
    """Open a table's scorekeeper link in its own browser and save round 1."""
    page.goto(keeper_url)
    scores = page.locator("#round-form input.score")
    values = SCORES[scores.count()]
    for index, points in enumerate(values):
        scores.nth(index).fill(str(points))
    page.locator("#round-form select[name=engine]").select_option(index=1)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#keeper-status")).to_have_text("Round 1 saved.")
    return [str(v) for v in values]


def test_staff_start_a_night_two_tables_keep_score_and_the_wall_follows_both(
    new_page, server, staff
):
    numbered(11)
    staff_page = new_page()
    log_in(staff_page)

    sizes = start_the_night(staff_page)

    assert sorted(sizes) == [5, 6]
    night = Night.objects.get()
    tables = list(night.tables.select_related("game"))
    assert [t.game.seats.count() for t in tables] == sizes, "seated as the preview showed"
    assert all(2 <= size <= 8 for size in sizes)
    keeper_urls = [
        staff_page.locator(f"#table-{t.game.code} .keeper-url").get_attribute("href")
        for t in tables
    ]
    for table, url in zip(tables, keeper_urls, strict=True):
        assert url.startswith(f"{server.url}/games/{table.game.code}/keep/")

    wall = new_page(f"/nights/{night.code}/screen/", viewport=TV)
    expect(wall.locator("#live-status")).to_have_attribute("data-state", "live")
    wall.evaluate(WATCH_FLASHES)

    kept = {}
    for table, url in zip(tables, keeper_urls, strict=True):
        kept[table.game.code] = keep_first_round(new_page(), url)

    for table in tables:
        board = wall.locator(f'[data-table="{table.game.code}"] .board-grid')
        row = board.locator("tbody tr")
        expect(row).to_have_count(1)
        expect(row.locator("td")).to_have_text(kept[table.game.code])
        # The leader (lowest total) is marked in the totals and the places.
        lowest = min(kept[table.game.code], key=int)
        expect(board.locator("tfoot .totals td.leader")).to_have_text([lowest])
        expect(board.locator("tfoot .places td.leader .leader-mark")).to_have_count(1)
        expect(wall.locator(f'[data-table="{table.game.code}"] .outcome')).to_contain_text(
            f"leads with {lowest}."
        )

    assert wall.evaluate("window.sameDocument") is True, "the wall did not reload"
    flashed = wall.evaluate("window.flashed")
    for table in tables:
        assert set(kept[table.game.code]) <= set(flashed.get(table.game.code, [])), (
            f"{table.label}'s new round flashed as it landed"
        )
    screenshot(wall, "wall-club-night")
    measured = wall.evaluate(CUT_OFF)
    assert measured["problems"] == [], measured["problems"]
    assert measured["cells"] == 7 * 4 + 6 * 4, "both tables' every cell was measured"
