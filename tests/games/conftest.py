"""Shared pieces for the game tests: a started game, its scores by seat, a saved round.

The live tests build their games with these too (tests/live/conftest.py imports them).
"""

import json
import urllib.error
import urllib.request

import pytest

from games.scorekeeping import Actor, record_round
from games.starting import start_game
from players.models import Player

KEEPER = Actor(by="scorekeeper key")

# Eight names as long as the club's longest: they must fit a phone and a TV.
LONG_NAMES = (
    "Christopher",
    "Bartholomew",
    "Maximiliana",
    "Evangeline",
    "Gwendolyn",
    "Alexandra",
    "Francesca",
    "Dominique",
)


def make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full"):
    """Seat new players with these names in a new game; the answer has `.game` and `.key`."""
    players = [Player.objects.create(name=name) for name in names]
    return start_game(ruleset=ruleset, variant=variant, players=players)


def points(game, *values) -> dict[str, int]:
    """Scores keyed by player id in seat order, as the API and the save service take them."""
    return {str(s.player_id): v for s, v in zip(game.seats.all(), values, strict=True)}


def save_round(game, number: int, values: list[int], engine: int | None = None):
    """Save a round through the real service, as the scorekeeper's Save does; without an
    engine, the one the ruleset's schedule names for the round. Returns the game."""
    game.refresh_from_db()
    scores = points(game, *values)
    if engine is None:
        engine = game.table(len(scores)).schedule[number - 1]
    return record_round(
        game=game,
        number=number,
        scores=scores,
        engine=engine,
        version=game.version,
        actor=KEEPER,
    ).game


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
