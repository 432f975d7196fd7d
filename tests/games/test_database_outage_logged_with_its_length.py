"""PostgreSQL stopped for a few seconds: the server logs one line within a second of the
first request that found it away, and, with no request after it is back, one line within a
second of its return that says how long it was away; nothing else."""

import time

import pytest

from tests.factories import make_game
from tests.games.database_outage import (
    Browserless,
    copy_into,
    daphne_on,
    logged_at,
    on_postgresql,
    outage_length,
)
from tests.servers import running

pytestmark = [pytest.mark.services, on_postgresql]

AWAY_SECONDS = 3


def test_an_outage_is_logged_as_it_begins_and_as_it_ends_with_its_length(own_postgres):
    code = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None).game.code
    url = copy_into(own_postgres)

    with running(daphne_on(url)) as (server,):
        api = Browserless(server.url)
        assert api.request(f"/api/games/{code}").status == 200  # the pool holds a connection
        mark = len(server.output())
        own_postgres.stop()
        first_failure = time.time()
        assert api.request(f"/api/games/{code}").status == 503
        time.sleep(AWAY_SECONDS)  # the outage itself
        own_postgres.start()
        back = time.time()
        # Nothing asks the server anything now: it finds out by itself.
        deadline = time.monotonic() + 5
        while len(server.logged_since(mark)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        logged = server.logged_since(mark)

    assert len(logged) == 2, logged
    went, returned = logged
    assert "WARNING core.outages: The database is not answering (" in went
    assert logged_at(went) - first_failure < 1
    assert "WARNING core.outages: The database answers again, after " in returned
    assert logged_at(returned) - back < 1
    assert abs(outage_length(returned) - (back - first_failure)) < 1
