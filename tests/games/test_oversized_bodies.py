"""A 20 MB body to the API or to the scorekeeper's round form, through the real server:
413 with a sentence, nothing changed, and the server answers the next request.

Each oversized request is a valid save padded with one extra field, so the same request
without the padding (the last test) saves the round.
"""

import http.cookiejar
import json
import re
import urllib.error
import urllib.request
from urllib.parse import urlencode

import pytest

from tests.factories import make_game

TWENTY_MB = 20 * 1024 * 1024


@pytest.fixture
def game(server):
    return make_game()


def read(server, game) -> bytes:
    with urllib.request.urlopen(f"{server.url}/api/games/{game.game.code}", timeout=20) as answer:
        return answer.read()


def send(opener, request: urllib.request.Request) -> tuple[int, str, bytes]:
    try:
        with opener.open(request, timeout=60) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read()


def api_round(server, game, padding: str = "") -> urllib.request.Request:
    ann, bob, cy = [str(s.player_id) for s in game.game.seats.all()]
    body = {"scores": {ann: 6, bob: 0, cy: 11}, "engine": 12, "version": 1}
    if padding:
        body["padding"] = padding
    return urllib.request.Request(
        f"{server.url}/api/games/{game.game.code}/rounds/1",
        data=json.dumps(body).encode(),
        method="PUT",
        headers={"Authorization": f"Bearer {game.key}", "Content-Type": "application/json"},
    )


def keeper_browser(server, game):
    """An opener holding a scorekeeper's session (from the keeper link) and CSRF token."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    opener.open(f"{server.url}/games/{game.game.code}/keep/{game.key}/", timeout=20).read()
    page = opener.open(f"{server.url}/games/{game.game.code}/?edit=1", timeout=20).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    return opener, token


def form_round(server, game, token: str, padding: str = "") -> urllib.request.Request:
    ann, bob, cy = [s.player_id for s in game.game.seats.all()]
    fields = {
        "csrfmiddlewaretoken": token,
        "number": 1,
        "version": 1,
        "engine": 12,
        f"score-{ann}": 6,
        f"score-{bob}": 0,
        f"score-{cy}": 11,
    }
    if padding:
        fields["notes"] = padding
    return urllib.request.Request(
        f"{server.url}/games/{game.game.code}/rounds/",
        data=urlencode(fields).encode(),
        headers={"Referer": f"{server.url}/games/{game.game.code}/"},
    )


def test_the_api_refuses_a_20_mb_body_with_413_and_changes_nothing(server, game):
    before = read(server, game)
    request = api_round(server, game, padding="x" * TWENTY_MB)

    status, content_type, body = send(urllib.request.build_opener(), request)

    assert status == 413
    assert content_type == "application/json"
    assert json.loads(body)["detail"].startswith(
        "This request's body is larger than the 2.5\xa0MB the server takes, so nothing was changed"
    )
    assert read(server, game) == before


def test_the_round_form_refuses_a_20_mb_post_with_413_and_saves_nothing(server, game):
    opener, token = keeper_browser(server, game)
    before = read(server, game)

    status, content_type, body = send(opener, form_round(server, game, token, "x" * TWENTY_MB))

    assert status == 413
    assert content_type.startswith("text/html")
    page = body.decode()
    assert "<h1>That was too much to send</h1>" in page
    assert "so nothing was saved" in page
    assert read(server, game) == before


def test_the_server_still_answers_and_saves_after_oversized_bodies(server, game):
    opener, token = keeper_browser(server, game)
    for request in (
        api_round(server, game, padding="x" * TWENTY_MB),
        form_round(server, game, token, "x" * TWENTY_MB),
    ):
        assert send(opener, request)[0] == 413

    # The same round, without the padding, saves at once.
    status, _, body = send(opener, api_round(server, game))
    assert status == 200, body
    assert json.loads(read(server, game))["version"] == 2
