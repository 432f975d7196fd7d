"""The one-time setup link makes one admin even when its form is sent several times at
the same moment, to two server processes sharing the database.

Each round, four browsers open the link (two on each process), wait for each other,
then all send the form with different names: one account is made, the others are told
the link is no longer valid (404).
"""

import http.cookiejar
import re
import threading
import urllib.error
import urllib.request
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model

from tests.servers import Daphne, running
from trainscore import first_admin

User = get_user_model()
BROWSERS = 4
ROUNDS = 3
PASSWORD = "a-long-pass-phrase-1"


@pytest.fixture
def two_servers(transactional_db):
    with running(Daphne(), Daphne()) as both:
        yield both


def send_the_form(server, path: str, username: str, ready: threading.Barrier) -> int:
    """Open the setup page like a browser, wait for the others, then send the form."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    page = opener.open(server.url + path, timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = {
        "csrfmiddlewaretoken": token,
        "username": username,
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    request = urllib.request.Request(
        server.url + path, data=urlencode(form).encode(), headers={"Referer": server.url + path}
    )
    ready.wait(timeout=60)
    try:
        with opener.open(request, timeout=60) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def race(servers, path: str) -> list[int]:
    ready = threading.Barrier(BROWSERS)
    statuses: list[int] = [0] * BROWSERS

    def browser(n: int) -> None:
        statuses[n] = send_the_form(servers[n % 2], path, f"admin{n}", ready)

    threads = [threading.Thread(target=browser, args=(n,)) for n in range(BROWSERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


def test_forms_sent_at_once_to_two_processes_make_exactly_one_admin(two_servers):
    for _ in range(ROUNDS):
        statuses = race(two_servers, f"/setup/{first_admin.new_token()}/")

        # The one that made the account lands on the players page (after its redirect).
        assert sorted(statuses) == [200] + [404] * (BROWSERS - 1), statuses
        admin = User.objects.get()
        assert (admin.is_staff, admin.is_superuser) == (True, True)
        User.objects.all().delete()  # the next round starts from a fresh install
