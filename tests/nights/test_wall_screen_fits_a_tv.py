"""The wall screen on a 1920×1080 TV: four full tables at once with nothing cut off, and
more tables taking turns so that every table is on the screen at least every 20 s."""

import pytest

from tests.factories import night_of_sizes, play_rounds
from tests.live.tv import EIGHT
from tests.nights.wall_geometry import CUT_OFF, SHOWN_TABLES, TV
from tests.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.layout]


def test_it_fits_four_tables_of_eight_players_and_thirteen_rounds(new_page):
    new = night_of_sizes(8, 8, 8, 8, ruleset="oll", variant="full", names=EIGHT)
    for seed, table in enumerate(new.tables):
        play_rounds(table.game, 13, seed=seed)

    page = new_page(f"/nights/{new.night.code}/screen/", viewport=TV)
    page.wait_for_selector("#live-status[data-state]")
    screenshot(page, "wall-4x8x13")
    measured = page.evaluate(CUT_OFF)

    assert measured["problems"] == [], measured["problems"]
    assert page.evaluate(SHOWN_TABLES) == ["Table 1", "Table 2", "Table 3", "Table 4"]
    # Per table: the header row, 13 rounds, totals and places, each a label and 8 players.
    assert measured["cells"] == 4 * 9 * (1 + 13 + 2), "every cell of every table was measured"
    assert measured["cellFont"] >= 16, "scores stay readable from across the room"
    assert page.locator("#wall-paging").is_hidden(), "one page: nothing rotates"


def test_it_takes_turns_with_six_tables_so_each_is_shown_at_least_every_20_seconds(new_page):
    new = night_of_sizes(8, 8, 8, 7, 7, 7, ruleset="oll", variant="full", names=EIGHT)
    for seed, table in enumerate(new.tables):
        play_rounds(table.game, 13, seed=seed)
    page = new_page(viewport=TV)
    page.clock.install()
    page.goto(f"/nights/{new.night.code}/screen/")
    page.wait_for_selector("#live-status[data-state]")

    seen: dict[str, list[int]] = {}
    for second in range(0, 61):
        if second:
            page.clock.run_for(1000)
        shown = page.evaluate(SHOWN_TABLES)
        assert 1 <= len(shown) <= 4, f"at {second} s the screen shows {shown}"
        for label in shown:
            seen.setdefault(label, []).append(second)
        if second in (0, 10):
            measured = page.evaluate(CUT_OFF)
            assert measured["problems"] == [], (second, measured["problems"])

    assert sorted(seen) == [f"Table {n}" for n in range(1, 7)], "every table came on"
    for label, seconds in seen.items():
        gaps = [b - a for a, b in zip([0, *seconds], [*seconds, 60], strict=True)]
        assert max(gaps) <= 20, f"{label} was off the screen for {max(gaps)} s"
    assert page.locator("#wall-paging").inner_text() in ("Page 1 of 2", "Page 2 of 2")
