"""Shared pieces for the game tests: a started game, and the scorekeeper's requests
(the makers themselves are in tests/factories.py)."""

import json
import urllib.error
import urllib.request

import pytest

from tests.factories import make_game
from tests.games.database_outage import own_postgres  # noqa: F401 (a fixture)


def api_post(base_url: str, code: str, action: str, key: str):
    """POST /api/games/<code>/<action> (end, undo, redo) with no body and this key, through
    a running server: the status, the answer's JSON and its headers."""
    request = urllib.request.Request(
        f"{base_url}/api/games/{code}/{action}",
        data=b"",
        method="POST",
        headers={"Authorization": f"Bearer {key}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer), answer.headers
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused), refused.headers


def hold_keeper_rights(client, game):
    """Give the client's session scorekeeper rights to the game, as its keeper link does."""
    session = client.session
    session["keeper_of"] = [game.code]
    session.save()
    return client


@pytest.fixture
def started(db):
    """A Mexican Train for Ann, Bob and Cy, just started."""
    return make_game(ruleset="mexican-train", variant=None)


@pytest.fixture
def game(started):
    return started.game
