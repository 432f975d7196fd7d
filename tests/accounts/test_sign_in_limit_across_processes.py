"""The sign-in limit is kept in Redis: wrong passwords spread over two daphne processes
lock the account as if they all went to one, and the unlock reaches both."""

import pytest

from tests import servers
from tests.accounts.sign_in_kit import own_loopback, own_username, sign_in_over_http
from tests.factories import STAFF_PASSWORD, staff_member
from trainscore import sign_in


@pytest.mark.services
def test_guesses_over_two_processes_lock_the_account_on_both(two_processes, redis):
    username, source = own_username(), own_loopback()
    staff_member(username, is_superuser=False)
    login = [f"{server.url}/login/" for server in two_processes]

    statuses = [
        sign_in_over_http(login[n % 2], username, f"guess-{n}", source=source)
        for n in range(sign_in.FAILURES_ALLOWED + 1)
    ]
    assert statuses[: sign_in.FAILURES_ALLOWED] == [200] * sign_in.FAILURES_ALLOWED
    assert set(statuses[sign_in.FAILURES_ALLOWED :]) == {429}
    for url in login:  # the right password waits too, on either process
        assert sign_in_over_http(url, username, STAFF_PASSWORD, source=source) == 429

    unlocked = servers.manage(
        "unlocksignin",
        username,
        "--address",
        source,
        env={"DATABASE_URL": servers.test_database_url(), "REDIS_URL": redis},
    )
    assert unlocked.returncode == 0, unlocked.stderr
    for url in login:
        assert sign_in_over_http(url, username, STAFF_PASSWORD, source=source) == 302
