"""`/healthz` says whether this process reaches its database and its channel layer."""

import json

from django.test import override_settings

from tests.servers import free_port, manage


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


def test_it_answers_503_naming_the_database_when_it_cannot_connect():
    # A separate process whose database is a port nothing listens on.
    ask = (
        "from django.test import Client; r = Client().get('/healthz', HTTP_HOST='localhost'); "
        "print(r.status_code, r.content.decode())"
    )
    nowhere = f"postgres://trainscore@127.0.0.1:{free_port()}/trainscore"
    result = manage("shell", "-c", ask, env={"DATABASE_URL": nowhere})
    status, answer = result.stdout.strip().splitlines()[-1].split(" ", 1)
    assert status == "503"
    answer = json.loads(answer)
    # OperationalError straight away, or a timeout while the connection pool waits.
    assert answer["database"].startswith("failed (")
    assert answer["channel_layer"] == "ok"
