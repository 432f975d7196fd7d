"""A PostgreSQL restart ends every connection the server's pool holds. Each connection is
checked as it is handed out, and the first found ended has every idle one replaced
(trainscore/postgresql/base.py): the next save gets a live one and is answered 200, not
500 ("terminating connection due to administrator command"), nor 503 once the pool's
timeout ran out while it tried its ended connections one by one, seconds apart."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.factories import make_game, points
from tests.games.database_outage import Browserless, on_postgresql
from tests.servers import Daphne, running

pytestmark = [pytest.mark.services, on_postgresql]


def end_the_servers_connections() -> int:
    """What `pg_terminate_backend` does to them on a restart: every connection to the test
    database but this test's own. How many were ended."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_the_save_after_the_connections_were_ended_is_answered(transactional_db):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    code, key = new.game.code, new.key

    # A short wait for the pool: trying three ended connections one by one took 1 + 2 + 4 s.
    with running(Daphne(env={"DATABASE_POOL_TIMEOUT": "5"})) as (server,):
        api = Browserless(server.url)
        first = api.put_round(
            code, key, 1, {"scores": points(new.game, 0, 12), "engine": 12, "version": 1}
        )
        # Screens opening at once: the pool holds several connections, as on a busy evening.
        with ThreadPoolExecutor(16) as screens:
            pages = list(screens.map(lambda _: api.request(f"/games/{code}/"), range(48)))
        mark = len(server.output())
        ended = end_the_servers_connections()
        second = api.put_round(
            code, key, 2, {"scores": points(new.game, 5, 0), "engine": 11, "version": 2}
        )
        logged = server.logged_since(mark)

    assert first.status == 200
    assert {page.status for page in pages} == {200}
    assert ended >= 3, "the server's pool kept several connections between the saves"
    assert second.status == 200, second.text
    assert [player["total"] for player in second.json()["players"]] == [5, 12]
    assert logged == [], "nothing went wrong, so nothing is logged"
