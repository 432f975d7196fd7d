"""`/healthz` says whether this process reaches its database and its channel layer."""

import json
import urllib.error
import urllib.request

from django.test import override_settings
from websockets.sync.client import connect

from tests.factories import make_game
from tests.servers import Daphne, free_port, running


def test_it_answers_ok_when_the_database_and_the_channel_layer_answer(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "channel_layer": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_it_answers_503_naming_the_channel_layer_when_redis_is_down(client, db):
    nothing_listens = f"redis://127.0.0.1:{free_port()}/0"
    layers = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [nothing_listens]},
        }
    }
    with override_settings(CHANNEL_LAYERS=layers, HEALTH_CHECK_TIMEOUT=1):
        response = client.get("/healthz")
    assert response.status_code == 503
    answer = response.json()
    assert answer["database"] == "ok"
    assert answer["channel_layer"].startswith("failed")


def test_it_answers_503_naming_the_database_within_its_own_timeout_when_it_cannot_connect():
    """Through daphne, on a database port nothing listens on. The connection pool would
    wait 20 s for a connection; the check gives up after its own 2 s, so the monitor gets
    the answer before its own request times out."""
    nowhere = f"postgres://trainscore@127.0.0.1:{free_port()}/trainscore"
    server = Daphne(env={"DATABASE_URL": nowhere})
    server.ready_path = "/favicon.ico"  # a redirect: needs no database
    with running(server):
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=10) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as refused:
            status, body = refused.code, refused.read()

    assert status == 503
    answer = json.loads(body)
    assert answer["database"] == "failed (TimeoutError)"
    assert answer["channel_layer"] == "ok"
    # The check's thread, still waiting on the pool, did not hold the process: it ended
    # when asked, not killed 10 s later (tests/servers.py).
    assert server.returncode == 0, server.output()[-2000:]


def test_it_answers_ok_on_redis_while_a_screen_watches_a_game(redis, transactional_db):
    """A process with screens keeps one receive of the layer open for their games. The
    check's own message must reach it through that receive, not wait behind it: before,
    every check of a watched process timed out and a load balancer would have taken the
    busiest processes out of service."""
    new = make_game()
    with running(Daphne(env={"REDIS_URL": redis})) as (server,):
        url = f"{server.ws_url}/ws/games/{new.game.code}/"
        with connect(url, origin=server.url, proxy=None, open_timeout=10) as screen:
            assert json.loads(screen.recv(timeout=10))["version"] == 1
            for _ in range(2):
                with urllib.request.urlopen(server.url + "/healthz", timeout=10) as response:
                    assert response.status == 200
                    assert json.loads(response.read()) == {"database": "ok", "channel_layer": "ok"}
