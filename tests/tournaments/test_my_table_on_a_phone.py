"""A player's phone (390×844) on the tournament's page: "My table" picks their name,
remembers it in the browser (a page opened again shows it), and follows them to their
table in each stage as it is seated, without a reload."""

import pytest
from playwright.sync_api import expect

from games.models import Seat
from tests.conftest import log_in
from tests.factories import tournament_of
from tests.live.conftest import api_save
from tests.stats.phone import PHONE, fits_the_screen
from tests.tournaments.test_overview_follows_changes_in_browser import api_end
from tournaments.models import Stage

pytestmark = pytest.mark.browser


def table_of(stage: Stage, name: str) -> str:
    seat = Seat.objects.select_related("game").get(
        game__night_table__night=stage.night_id, player__name=name
    )
    return seat.game.table_name


def test_my_table_follows_the_player_from_stage_to_stage(new_page, server, staff):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, rounds=1
    )
    code = new.tournament.code
    phone = new_page(f"/tournaments/{code}/", **PHONE)
    phone.get_by_label("Your name").select_option(label="Ed")
    line = phone.locator("#my-table-line")
    expect(line).to_have_text("Your table in Game 1: Table 2")
    expect(line.get_by_role("link", name="Table 2")).to_have_attribute(
        "href", f"/games/{new.tables[1].game.code}/"
    )

    # Opened again, plainly: the phone remembers whom it follows.
    phone.goto(f"/tournaments/{code}/")
    expect(line).to_have_text("Your table in Game 1: Table 2")
    expect(phone.get_by_label("Your name")).to_have_value(str(new.tables[1].players[1].pk))
    expect(phone.locator("#live-status")).to_have_attribute("data-state", "live")
    phone.evaluate("window.notReloaded = true")

    for table in new.tables:
        api_save(server.url, table.game, table.key, 1, [3, 1, 2], 12, table.game.version)
        api_end(server.url, table.game.code, table.key)
    expect(line).to_have_text(
        "Game 1 is over. Your next table shows here as soon as the next stage is seated."
    )

    desk = new_page()
    log_in(desk, to=f"/tournaments/{code}/")
    desk.get_by_role("button", name="Draw the next stage's seats").click()
    desk.get_by_role("button", name="Seat Game 2").click()
    second = new.tournament.stages.get(number=2)
    expect(line).to_have_text(f"Your table in Game 2: {table_of(second, 'Ed')}")
    assert phone.evaluate("window.notReloaded") is True
    assert fits_the_screen(phone)
