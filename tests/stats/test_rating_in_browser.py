"""A game ended on the real server is rated as soon as its answer is out: the roster sorts
by rating and the player's page shows the rating, its change and the chart, on a phone
without panning."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game, save_round
from tests.stats.phone import PHONE, fits_the_screen

pytestmark = pytest.mark.browser


def test_ending_a_game_rates_it_and_the_pages_show_it_on_a_phone(new_page, server):
    started = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [0, 12, 20], engine=12)
    page = new_page("/players/?sort=-rating", **PHONE)
    assert [c.strip() for c in page.locator("table.roster td.rating").all_inner_texts()] == [
        "—"
    ] * 3

    started.game.refresh_from_db()
    ended = page.request.post(
        f"{server.url}/api/games/{started.game.code}/end",
        headers={"Authorization": f"Bearer {started.key}"},
        data={"version": started.game.version},
    )
    assert ended.status == 200
    # The ratings catch up just after the answer (core/after_response.py): reload until
    # the roster shows them.
    for _ in range(50):
        page.reload()
        if "—" not in page.locator("table.roster td.rating").first.inner_text():
            break
        page.wait_for_timeout(100)

    names = page.locator("table.roster tbody th").all_inner_texts()
    assert [n.strip() for n in names] == ["Ann", "Bob", "Cy"]
    ratings = [float(t) for t in page.locator("table.roster td.rating").all_inner_texts()]
    assert ratings[0] > ratings[1] > ratings[2]
    assert fits_the_screen(page)

    page.get_by_role("link", name="Ann").click()
    expect(page.get_by_role("heading", name="Rating", exact=True)).to_be_visible()
    expect(page.locator(".rating-now")).to_contain_text(f"Rating {ratings[0]:.1f}")
    expect(page.get_by_role("img", name="Rating after each game")).to_be_visible()
    change = page.locator("table.rating-changes tbody td").first.inner_text()
    assert change.startswith("+")
    assert fits_the_screen(page)
