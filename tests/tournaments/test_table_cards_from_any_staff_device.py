"""Cards from any staff device: a second staff browser prints the same cards as the one
that seated the stage, and the keeper's phone opens a printed card's link; new links are
made only after the page says the printed cards stop working, and then the first
browser's open cards page marks its codes void and the old card is refused."""

import pytest
from playwright.sync_api import expect

from tests.conftest import log_in
from tests.factories import tournament_of
from tests.stats.phone import PHONE

pytestmark = pytest.mark.browser


def test_two_staff_devices_print_working_cards_and_new_links_void_the_old(new_page, server, staff):
    new = tournament_of(["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2)
    cards = f"/tournaments/{new.tournament.code}/stages/1/cards/"
    table = new.tables[0]
    printed = f"{server.url}/games/{table.game.code}/keep/{table.key}/"

    first = new_page()
    log_in(first)
    first.goto(cards)
    second = new_page()
    log_in(second, "admin")
    second.goto(cards)

    # Both devices show the keys kept when the stage was seated, not a button.
    for page in (first, second):
        expect(page.locator("code.key").first).to_have_text(table.key)
        expect(page.locator(".card-no-key")).to_have_count(0)
        expect(page.locator(".cards-void")).to_be_hidden()
    keeper = new_page(printed, **PHONE)
    expect(keeper.get_by_text("This browser now keeps score for this game.")).to_be_visible()

    # The second device makes new links: it is told first what that does.
    second.get_by_role("button", name="Make new scorekeeper links").click()
    expect(second.get_by_text("Every printed card of Game 1 stops working")).to_be_visible()
    second.get_by_role("button", name="Make new links: the printed cards stop working").click()
    expect(second.get_by_text("Here are new scorekeeper links for 2 tables")).to_be_visible()
    new_key = second.locator("code.key").first.inner_text()
    assert new_key != table.key

    # The first device's open page learns it at its next look (every 5 s), and says so.
    expect(first.locator(".cards-void")).to_be_visible(timeout=12_000)
    expect(first.locator(".card-void").first).to_have_text(
        "Void: this code no longer opens scorekeeping."
    )

    # A keeper scanning an old card is refused; the new card opens scorekeeping.
    late = new_page(printed, **PHONE)
    expect(late.get_by_text("This browser now keeps score for this game.")).to_have_count(0)
    fresh = new_page(f"/games/{table.game.code}/keep/{new_key}/", **PHONE)
    expect(fresh.get_by_text("This browser now keeps score for this game.")).to_be_visible()
