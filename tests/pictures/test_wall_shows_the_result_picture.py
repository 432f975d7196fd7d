"""A night's wall, on a TV: while tables play, its QR code opens the night's page; once
every table has finished, the night's result picture, also when the last table ends while
the wall is showing. Read from the screen as a phone's camera would."""

import pytest
from playwright.sync_api import expect

from tests.camera import read_qr_codes
from tests.factories import finish, night_of_sizes, save_round
from tests.games.conftest import api_post
from tests.live.tv import TV
from tests.pictures.events import EVENTS
from tests.project.test_accessibility_axe import AXE, RUN_AXE

pytestmark = pytest.mark.browser


def test_a_finished_nights_wall_shows_the_result_pictures_qr_code(new_page, server):
    night = EVENTS["night"]()
    page = new_page(f"/nights/{night.code}/screen/", viewport=TV, bypass_csp=True)
    page.wait_for_selector(".wall.fitted")

    assert read_qr_codes(page.screenshot()) == [f"{server.url}/nights/{night.code}/result.png"]
    caption = page.locator(".wall-share figcaption").inner_text()
    assert caption.startswith("The result picture, for your phone")
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []


def test_the_wall_turns_to_the_picture_when_the_last_table_ends(new_page, server):
    started = night_of_sizes(3, 3)
    night, (first, last) = started.night, started.tables
    finish(first.game, [0, 10, 20])
    save_round(last.game, 1, [5, 0, 30], engine=12)
    page = new_page(f"/nights/{night.code}/screen/", viewport=TV)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert read_qr_codes(page.screenshot()) == [f"{server.url}/nights/{night.code}/"]

    status, _, _ = api_post(server.url, last.game.code, "end", last.key)  # on the server
    assert status == 200

    expect(page.locator(".wall-share figcaption")).to_contain_text("The result picture")
    assert read_qr_codes(page.screenshot()) == [f"{server.url}/nights/{night.code}/result.png"]
