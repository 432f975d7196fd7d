"""The refusals staff may meet read well on a phone: a locked sign-in says when to try
again with the form still there, and a page for staff only says who can open it."""

import pytest
from playwright.sync_api import expect

from tests.accounts.sign_in_kit import own_username
from tests.conftest import log_in
from tests.factories import member, staff_member
from tests.stats.phone import PHONE, fits_the_screen
from trainscore import sign_in

pytestmark = pytest.mark.browser


def test_a_locked_sign_in_says_when_to_try_again(new_page):
    username = own_username()
    staff_member(username, is_superuser=False)
    page = new_page("/login/", **PHONE)
    for n in range(sign_in.FAILURES_ALLOWED + 1):
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(f"guess-{n}")
        with page.expect_navigation() as answer:
            page.get_by_role("button", name="Log in").click()

    assert answer.value.status == 429
    expect(page.get_by_text("Too many failed sign-ins")).to_be_visible()
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    assert fits_the_screen(page)


def test_a_staff_page_tells_a_member_who_can_open_it(new_page):
    member("member")
    page = new_page(**PHONE)
    log_in(page, "member")
    answer = page.goto("/games/new/")

    assert answer.status == 403
    expect(page.get_by_role("heading", name="Staff only")).to_be_visible()
    expect(page.get_by_role("link", name="Back to the home page")).to_be_visible()
    assert fits_the_screen(page)
