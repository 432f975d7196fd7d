"""A locked staff account can be unlocked at once: by another admin in the admin's users
list, or from the command line."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.accounts.sign_in_kit import forget, own_address, own_username, try_password
from tests.factories import STAFF_PASSWORD
from trainscore import sign_in

pytestmark = pytest.mark.usefixtures("fast_password_hashing")


@pytest.fixture
def locked(db):
    """A staff member who has just locked their account with wrong passwords."""
    username, address = own_username(), own_address()
    user = get_user_model().objects.create_user(username, password=STAFF_PASSWORD, is_staff=True)
    client = Client(REMOTE_ADDR=address)
    for n in range(sign_in.FAILURES_ALLOWED):
        try_password(client, "/login/", username, f"guess-{n}")
    assert try_password(client, "/login/", username, STAFF_PASSWORD).status_code == 429
    yield user, client
    forget(username, address)


def test_an_admin_unlocks_it_from_the_users_list(locked, admin_client):
    user, client = locked
    answer = admin_client.post(
        "/admin/auth/user/",
        {"action": "unlock_sign_in", "_selected_action": [user.pk]},
        follow=True,
    )
    assert f"Sign-in unlocked for {user.username}." in answer.content.decode()
    assert try_password(client, "/login/", user.username, STAFF_PASSWORD).status_code == 302


def test_the_command_line_unlocks_it(locked, capsys):
    user, client = locked
    call_command("unlocksignin", user.username)
    assert capsys.readouterr().out.strip() == f"Sign-in unlocked for user {user.username}."
    assert try_password(client, "/login/", user.username, STAFF_PASSWORD).status_code == 302
