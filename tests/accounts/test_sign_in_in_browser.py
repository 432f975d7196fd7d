"""Staff sign in on the sign-in page in a browser, and land where they were going: the
page a signed-out visitor was sent away from (its `next`), or the home page. The other
browser tests sign in without the page (tests/conftest.py's log_in)."""

import pytest
from playwright.sync_api import expect

from tests.factories import STAFF_PASSWORD, staff_member

pytestmark = pytest.mark.browser


def sign_in(page, username: str, password: str) -> None:
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_staff_page_sends_a_visitor_to_sign_in_and_back_to_it(new_page):
    staff_member("admin")
    page = new_page("/games/new/")
    expect(page).to_have_url("/login/?next=/games/new/")

    sign_in(page, "admin", STAFF_PASSWORD)

    expect(page).to_have_url("/games/new/")
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()


def test_signing_in_lands_on_the_home_page_and_a_wrong_password_is_refused(new_page):
    staff_member("admin")
    page = new_page("/login/")
    sign_in(page, "admin", "not the password")
    expect(page.get_by_text("Please enter a correct username and password")).to_be_visible()

    sign_in(page, "admin", STAFF_PASSWORD)

    expect(page).to_have_url("/")
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
