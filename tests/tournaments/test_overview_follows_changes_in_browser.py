"""The overview follows the tournament live in the browser: when a table's game ends
(saved and ended over the API, through the server), its standings are redrawn in place
(no reload), and the band filter is kept."""

import urllib.request

import pytest
from playwright.sync_api import expect

from tests.factories import tournament_of
from tests.live.conftest import api_save

pytestmark = pytest.mark.browser


def api_end(base_url: str, code: str, key: str) -> None:
    request = urllib.request.Request(
        f"{base_url}/api/games/{code}/end", method="POST",
        headers={"Authorization": f"Bearer {key}"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


def test_a_game_ending_redraws_the_standings_without_a_reload(new_page, server):
    new = tournament_of(
        ["Ann", "Bob"], ["Cy", "Di"], table_size=(2, 2), games=2, rounds=1,
        bands_of={"Ann": "Beginners", "Cy": "Beginners"}, bands=["Beginners"],
    )  # fmt: skip
    page = new_page(f"/tournaments/{new.tournament.code}/?band=Beginners")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.evaluate("window.notReloaded = true")
    rows = page.locator(".tournament-standings tbody tr")
    expect(rows).to_have_count(2)

    table = new.tables[0]  # Ann, Bob
    api_save(server.url, table.game, table.key, 1, [9, 2], 12, table.game.version)
    api_end(server.url, table.game.code, table.key)

    # Ann lost her table: 1 point, 9 a round; Cy has not played yet.
    points = rows.nth(0).locator("td.number")
    expect(rows.nth(0)).to_contain_text("Ann")
    expect(points.nth(0)).to_have_text("1")
    expect(points.nth(2)).to_have_text("9.0")
    expect(rows).to_have_count(2)  # still only the band
    expect(page.locator(".stage")).to_contain_text("playing")
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
