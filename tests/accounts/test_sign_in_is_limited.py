"""Guessing a staff password: after a few failures the account is locked for a while; the
lock refuses even the right password, says when to try again (429, the form still
shown), and ends on its own."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.accounts.sign_in_kit import forget, own_address, own_username, try_password
from tests.factories import STAFF_PASSWORD
from trainscore import sign_in

# In this process only: a fast hash, so a hundred guesses take no time. (Servers in their
# own processes keep the real one.)
pytestmark = pytest.mark.usefixtures("fast_password_hashing")

LOCKED = "Too many failed sign-ins for this account or from this device. Try again after"


@pytest.fixture
def staff_member(db):
    username, address = own_username(), own_address()
    get_user_model().objects.create_user(username, password=STAFF_PASSWORD, is_staff=True)
    yield username, Client(REMOTE_ADDR=address)
    forget(username, address)


@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
def test_wrong_passwords_lock_the_account_before_the_11th_try(staff_member, path, monkeypatch):
    username, client = staff_member
    answers = [try_password(client, path, username, f"guess-{n}") for n in range(20)]

    statuses = [answer.status_code for answer in answers]
    first_refused = statuses.index(429)
    assert first_refused < 10
    assert statuses[first_refused:] == [429] * (20 - first_refused)
    refused = answers[-1].content.decode()
    assert LOCKED in refused
    assert 'name="password"' in refused, "the form is still shown"
    assert int(answers[-1]["Retry-After"]) > 0

    # The right password does not get in while the lock holds...
    right = try_password(client, path, username, STAFF_PASSWORD)
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session

    # ...and does once it has run out (the clock stepped past it, not waited for).
    later = sign_in.clock() + sign_in.LOCK_MINUTES * 60 + 1
    monkeypatch.setattr(sign_in, "clock", lambda: later)
    answer = try_password(client, path, username, STAFF_PASSWORD)
    assert answer.status_code == 302
    assert client.session["_auth_user_id"]


def test_a_right_password_before_the_limit_gets_in_and_forgets_nothing_else(staff_member):
    username, client = staff_member
    for n in range(sign_in.FAILURES_ALLOWED - 1):
        assert try_password(client, "/login/", username, f"guess-{n}").status_code == 200
    assert try_password(client, "/login/", username, STAFF_PASSWORD).status_code == 302


def test_many_usernames_from_one_address_lock_the_address(db):
    address = own_address()
    client = Client(REMOTE_ADDR=address)
    names = [own_username() for _ in range(sign_in.ADDRESS_FAILURES_ALLOWED + 1)]
    statuses = [try_password(client, "/login/", name, "guess").status_code for name in names]
    assert statuses == [200] * sign_in.ADDRESS_FAILURES_ALLOWED + [429]
    sign_in.unlock(address=address)
