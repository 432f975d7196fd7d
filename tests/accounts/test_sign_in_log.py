"""Failed and refused sign-ins are logged with the username and the address, and never
with the password typed."""

import logging

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.accounts.sign_in_kit import forget, own_address, own_username, try_password
from tests.factories import STAFF_PASSWORD
from trainscore import sign_in

pytestmark = pytest.mark.usefixtures("fast_password_hashing")


def test_the_log_names_who_and_where_but_not_the_password(db, caplog):
    username, address = own_username(), own_address()
    get_user_model().objects.create_user(username, password=STAFF_PASSWORD, is_staff=True)
    client = Client(REMOTE_ADDR=address)
    guesses = [f"secret-guess-{n}" for n in range(sign_in.FAILURES_ALLOWED)]
    with caplog.at_level(logging.WARNING, logger="trainscore.sign_in"):
        for guess in guesses:
            try_password(client, "/login/", username, guess)
        try_password(client, "/login/", username, STAFF_PASSWORD)
    forget(username, address)

    lines = [r.getMessage() for r in caplog.records if r.name == "trainscore.sign_in"]
    assert lines[: len(guesses)] == [f"Failed sign-in for {username!r} from {address}"] * len(
        guesses
    )
    assert lines[-1] == f"Refused a sign-in for {username!r} from {address}: locked"
    everything = caplog.text
    assert not any(guess in everything for guess in guesses)
    assert STAFF_PASSWORD not in everything
