"""Staff add a season on a phone; the players page then counts it first, and the season
and game choices narrow it without any script."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from seasons.models import Season
from tests.conftest import log_in
from tests.factories import play, register
from tests.stats.phone import PHONE, fits_the_screen

pytestmark = pytest.mark.browser


def test_a_season_added_on_a_phone_is_what_the_players_page_shows_first(new_page, staff):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 5]], when=timezone.now().replace(year=2020))
    play("number-9", [ann, bob], [[5, 30]])
    page = new_page(java_script_enabled=False, **PHONE)
    log_in(page)
    today = timezone.localdate()

    page.goto("/seasons/")
    page.get_by_label("Name").fill("This year")
    page.get_by_label("First day").fill(f"{today.year}-01-01")
    page.get_by_label("Last day").fill(f"{today.year}-12-31")
    page.get_by_role("button", name="Add season").click()
    expect(page.get_by_role("row", name="This year current")).to_be_visible()
    assert fits_the_screen(page)

    page.get_by_role("link", name="This year").click()
    expect(page.get_by_label("Season")).to_have_value(str(Season.objects.get().pk))
    expect(page.get_by_role("row", name="Ann")).to_contain_text("1 0 0.000")
    page.get_by_label("Season").select_option(label="All time")
    page.get_by_label("Game", exact=True).select_option(label="Mexican Train")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("row", name="Ann")).to_contain_text("1 1 1.000")
    expect(page.get_by_text("Mexican Train games, all time")).to_be_visible()
