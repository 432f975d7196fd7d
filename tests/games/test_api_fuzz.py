"""Whatever a client sends to the API of a running server, the answer is never a 5xx.

Hypothesis makes a few hundred requests through daphne: any method on the API's
addresses (a game's and a night's, real and made-up codes and round numbers), with the
right key, a wrong one, another scheme or none, and bodies that are near-valid rounds,
any JSON at all, or bytes that are not JSON. Every refusal is a 4xx carrying a sentence,
and leaves the game's snapshot as it was.
"""

import http.client
import json
from urllib.parse import quote, urlparse

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.factories import make_game

CASES = 300


@pytest.fixture
def game(server):
    started = make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full")
    return {
        "code": started.game.code,
        "key": started.key,
        "ids": [str(s.player_id) for s in started.game.seats.all()],
    }


def ask(server, method: str, path: str, headers: dict, body: bytes | None):
    connection = http.client.HTTPConnection(urlparse(server.url).netloc, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.getheader("Content-Type", ""), answer.read()
    finally:
        connection.close()


def snapshot(server, code: str) -> bytes:
    status, _, body = ask(server, "GET", f"/api/games/{code}", {}, None)
    assert status == 200
    return body


def refused_by_twisted(status: int, headers: dict, answer: bytes) -> bool:
    """Twisted, under daphne, parses a multipart POST body itself and answers one it cannot
    read with a bare 400 before the app hears of it: nothing to rewrite there."""
    multipart = headers.get("Content-Type", "").startswith("multipart/form-data")
    return status == 400 and multipart and answer == b""


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)


def mostly(usual, *others):
    """`usual` about two times in three, else one of `others` (strategies)."""
    return st.one_of(st.just(usual), st.just(usual), st.just(usual), st.just(usual), *others)


@st.composite
def requests(draw, game):
    ids = game["ids"]
    code = draw(mostly(game["code"], st.sampled_from([game["code"][:-1], "x"]), st.text()))
    paths = st.sampled_from(["", "/end", "/undo", "/redo", "/rounds/", "/rounds/"])
    what = draw(st.one_of(*[paths] * 5, st.text(max_size=12).map(lambda t: "/" + t)))
    if what == "/rounds/":
        what += draw(st.integers(-2, 16).map(str) | st.text(max_size=8))
    where = draw(mostly("/api/games/", st.just("/api/nights/")))
    path = where + quote(code, safe="") + quote(what, safe="/")
    usual_method = "PUT" if what.startswith("/rounds/") else "POST" if what else "GET"
    method = draw(
        mostly(usual_method, st.sampled_from(["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD"]))
    )

    key = draw(mostly(game["key"], st.sampled_from([game["key"][::-1], ""]), header_text))
    scheme = draw(mostly("Bearer", st.sampled_from(["bearer", "Basic", ""])))
    headers = {"Authorization": f"{scheme} {key}".strip()} if key or scheme else {}
    content_type = draw(
        mostly("application/json", st.sampled_from(["text/plain", "", "multipart/form-data"]))
    )
    if content_type:
        headers["Content-Type"] = content_type

    near_round = st.fixed_dictionaries(
        {
            "scores": st.dictionaries(
                st.sampled_from(ids) | st.text(max_size=6), json_values, max_size=4
            )
            | st.fixed_dictionaries({i: st.integers(-5, 400) for i in ids}),
            "engine": st.none() | st.integers(-2, 14) | json_values,
            "version": st.integers(-1, 6) | json_values,
        },
        optional={"extra": json_values},
    )
    body = draw(
        st.one_of(
            near_round.map(lambda d: json.dumps(d).encode()),
            near_round.map(lambda d: json.dumps(d).encode()),
            st.none(),
            json_values.map(lambda v: json.dumps(v).encode()),
            st.binary(max_size=64),
        )
    )
    return method, path, headers, body


def test_no_request_to_the_api_gets_a_server_error(server, game):
    seen: dict[int, int] = {}
    board = [snapshot(server, game["code"])]  # as it was after the last request
    code, right = game["code"], {"Authorization": f"Bearer {game['key']}"}

    @settings(
        max_examples=CASES,
        deadline=None,
        database=None,
        derandomize=True,  # the same requests every run: a suite test, not a flaky one
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    # Every run, whatever Hypothesis draws: each kind of answer once, and the address
    # that once broke PostgreSQL (a NUL in the code).
    @given(request=requests(game))
    @example(request=("GET", f"/api/games/{code}", {}, None))  # 200
    @example(request=("POST", f"/api/games/{code}/undo", {}, None))  # 401
    @example(
        request=("POST", f"/api/games/{code}/undo", {"Authorization": "Bearer x"}, None)
    )  # 403
    @example(request=("DELETE", f"/api/games/{code}", right, None))  # 405
    @example(request=("PUT", f"/api/games/{code}/rounds/1", right, b'{"scores": {}}'))  # 422
    @example(request=("GET", "/api/games/%00", {}, None))  # 404
    @example(request=("PUT", "/api/nights/a%00b", right, b"{}"))
    def check(request):
        method, path, headers, body = request
        status, content_type, answer = ask(server, method, path, headers, body)
        seen[status] = seen.get(status, 0) + 1
        before, board[0] = board[0], snapshot(server, game["code"])

        where = f"{method} {path} {headers} {body!r} → {status} {answer[:300]!r}"
        assert status < 500, where
        if status >= 400:
            assert board[0] == before, where
        if status >= 400 and method != "HEAD" and not refused_by_twisted(status, headers, answer):
            assert content_type.startswith("application/json"), where
            assert json.loads(answer)["detail"].endswith("."), where

    check()
    assert {200, 401, 403, 404, 405, 422} <= set(seen), seen
