"""An admin registers players on the Players page in a real browser on daphne."""

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.conftest import log_in

pytestmark = pytest.mark.browser


def test_it_registers_dave_once_and_refuses_dave_again(new_page, staff):
    page = new_page()
    log_in(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Players").click()
    page.get_by_label("Name").fill("Dave")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("row", name="Dave")).to_be_visible()

    page.get_by_label("Name").fill("dave")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_text("Dave is already registered")).to_be_visible()
    expect(page.get_by_role("link", name="Dave", exact=True)).to_have_count(1)
    assert Player.objects.filter(name__iexact="dave").count() == 1


def test_it_gives_visitors_no_form_and_refuses_their_post(new_page, server, db):
    page = new_page("/players/")
    expect(page.get_by_role("heading", name="Players", level=1)).to_be_visible()
    expect(page.get_by_role("button", name="Register")).to_have_count(0)

    response = page.request.post(server.url + "/players/", form={"name": "Mallory"})
    assert response.status == 403
    assert not Player.objects.filter(name="Mallory").exists()
