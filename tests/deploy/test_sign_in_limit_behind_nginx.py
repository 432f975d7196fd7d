"""Behind nginx the sign-in limit counts the address nginx saw: a client that forges
X-Forwarded-For on every try neither resets its count nor moves the blame elsewhere."""

import pytest

from tests.accounts.sign_in_kit import own_loopback, own_username, sign_in_over_http
from tests.factories import staff_member
from tests.servers import Daphne, running
from trainscore import sign_in


@pytest.mark.services
def test_a_forged_forwarded_for_does_not_reset_the_count(nginx, redis, transactional_db):
    username, source = own_username(), own_loopback()
    staff_member(username, is_superuser=False)
    processes = [Daphne(env={"REDIS_URL": redis}, proxy_headers=True) for _ in range(2)]
    with running(*processes):
        proxy = nginx([process.port for process in processes])
        statuses = [
            sign_in_over_http(
                f"{proxy.url}/login/",
                username,
                f"guess-{n}",
                source=source,
                headers={"X-Forwarded-For": f"203.0.113.{n}"},
            )
            for n in range(sign_in.FAILURES_ALLOWED + 3)
        ]
        logged = "".join(process.output() for process in processes)

    assert statuses == [200] * sign_in.FAILURES_ALLOWED + [429] * 3
    assert f"Failed sign-in for {username!r} from {source}" in logged
    assert "203.0.113." not in logged
