"""The night page follows every table live: a save on one table redraws that table's
board and its line in the night's standings, without a reload; a table added late
comes onto the page too."""

from playwright.sync_api import expect

from tests.conftest import log_in
from tests.factories import night_of, numbered
from tests.live.conftest import api_save
from tests.stats.phone import PHONE, fits_the_screen


def test_a_save_redraws_its_table_and_the_standings_without_a_reload(new_page, server):
    new = night_of(numbered(3, "A"), numbered(2, "B"))
    first, second = new.tables
    page = new_page(f"/nights/{new.night.code}/", **PHONE)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.evaluate("window.sameDocument = true")

    api_save(server.url, second.game, second.key, 1, [14, 6], 12, second.game.version)

    table = page.locator(f"#table-{second.game.code}")
    expect(table.locator(".board-grid tbody tr td")).to_have_text(["14", "6"])
    card = page.locator(f'[data-standing="{second.game.code}"]')
    expect(card.locator(".standing-outcome")).to_have_text("B2 leads with 6.")
    expect(card.locator("li .standing-name")).to_have_text(["B2", "B1"])
    expect(card.locator("li .standing-total")).to_have_text(["total 6", "total 14"])
    expect(card.locator("li.leads")).to_have_count(1)
    expect(page.locator(f"#table-{first.game.code} .board-grid tbody tr.empty")).to_have_count(1)
    assert page.evaluate("window.sameDocument") is True
    assert page.locator(f"#board-{second.game.code}").count() == 1, "the board keeps its id"
    assert fits_the_screen(page)


def test_a_table_added_late_comes_onto_the_open_wall_screen(new_page, server, staff):
    new = night_of(numbered(2, "A"))
    numbered(2, "Late")
    wall = new_page(f"/nights/{new.night.code}/screen/")
    expect(wall.locator("#live-status")).to_have_attribute("data-state", "live")

    staff_page = new_page()
    log_in(staff_page)
    staff_page.goto(f"/nights/{new.night.code}/")
    add = staff_page.locator("#add-table")
    add.get_by_label("Table label").fill("Back room")
    add.get_by_label("Late1").check()
    add.get_by_label("Late2").check()
    add.get_by_role("button", name="Add the table").click()
    expect(staff_page.locator(".messages")).to_contain_text("Back room is added")

    expect(wall.locator(".wall-label")).to_have_text(["Table 1", "Back room"])
