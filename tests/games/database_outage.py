"""Shared pieces for the tests of a database that stops answering: a PostgreSQL of the
test's own holding a copy of the test database, a daphne on it, and plain HTTP requests
that read any answer (a 503 too)."""

import glob
import json
import os
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import datetime
from http.cookiejar import CookieJar

import pytest

from tests.conftest import require
from tests.servers import Daphne, PostgresServer, test_database_url

POOL_TIMEOUT = "1"
"""Seconds a request of the test's server waits for the pool before answering 503
(DATABASE_POOL_TIMEOUT; 20 by default)."""


LOG_TIME = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) ")

on_postgresql = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="runs in the PostgreSQL + Redis pass, where the app keeps its games in PostgreSQL",
)


@pytest.fixture
def own_postgres(transactional_db):
    """A PostgreSQL of this test's own, which it may stop and start again; `copy_into`
    fills it with the test database as the test made it."""
    require(
        bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")),
        "PostgreSQL's server programs are not installed",
        "REQUIRE_SERVICES",
    )
    server = PostgresServer().start()
    yield server
    server.remove()


def copy_into(server: PostgresServer) -> str:
    """The test database as it stands now, copied into `server`; its URL."""
    return server.copy_of(test_database_url(), "trainscore")


def daphne_on(url: str) -> Daphne:
    daphne = Daphne(env={"DATABASE_URL": url, "DATABASE_POOL_TIMEOUT": POOL_TIMEOUT})
    daphne.ready_path = "/healthz"  # answered (503) without the database too
    return daphne


@dataclass
class Answer:
    status: int
    headers: dict
    text: str

    def json(self):
        return json.loads(self.text)


class Browserless:
    """A client with cookies, as a browser without scripts is."""

    def __init__(self, base_url: str, language: str = "en") -> None:
        self.base_url = base_url
        self.language = language
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def request(self, path: str, *, method="GET", data=None, headers=None) -> Answer:
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            method=method,
            headers={"Accept-Language": self.language, **(headers or {})},
        )
        try:
            with self.opener.open(request, timeout=30) as answer:
                return Answer(answer.status, dict(answer.headers), answer.read().decode())
        except urllib.error.HTTPError as refused:
            return Answer(refused.code, dict(refused.headers), refused.read().decode())

    def put_round(self, code: str, key: str, number: int, body: dict) -> Answer:
        return self.request(
            f"/api/games/{code}/rounds/{number}",
            method="PUT",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        )


def form_token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]


def until_answered(save, seconds: float = 30) -> Answer:
    """`save()` again until it is not refused with 503 (the pool reconnects by itself,
    after a back-off of a second or more); its answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = save()
        if answer.status != 503 or time.monotonic() > deadline:
            return answer
        time.sleep(0.5)


def logged_at(line: str) -> float:
    """When a server's log line was written, in seconds since the epoch (its clock is this
    machine's, read in this machine's zone)."""
    return datetime.strptime(LOG_TIME.match(line)[1], "%Y-%m-%d %H:%M:%S,%f").timestamp()


def outage_length(line: str) -> float:
    """The seconds a "… answers again, after N s." line says the outage lasted."""
    return float(re.search(r" answers again, after ([\d.]+) s\.$", line)[1])
