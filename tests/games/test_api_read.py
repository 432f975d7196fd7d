"""Reading a game through the API: anyone with the code gets the snapshot, exactly as
docs/api.md gives it."""

import re

import pytest

from games.scorekeeping import Actor, end_game, record_round
from games.snapshot import load_board, snapshot
from tests.factories import make_game, points

KEEPER = Actor(by="scorekeeper key")


@pytest.fixture
def game(db):
    return make_game(ruleset="oll", variant="even").game


def test_it_answers_the_snapshot_without_a_key(client, game):
    record_round(
        game=game, number=1, scores=points(game, 0, 12, 30), engine=12, version=1, actor=KEEPER
    )
    response = client.get(f"/api/games/{game.code}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == snapshot(load_board(game))


def test_it_shows_the_snapshot_shape_from_the_design(client, game):
    ann, bob, cy = (s.player for s in game.seats.all())
    record_round(
        game=game, number=1, scores=points(game, 5, 5, 9), engine=12, version=1, actor=KEEPER
    )
    end_game(game=game, version=2, actor=KEEPER)
    assert client.get(f"/api/games/{game.code}").json() == {
        "code": game.code,
        "version": 3,
        "status": "finished",
        "ruleset": {
            "slug": "oll",
            "name": "OLL Train",
            "variant": "even",
            "set": 12,
            "lower_wins": True,
        },
        "players": [
            {"id": ann.id, "name": "Ann", "seat": 1, "total": 5, "place": 1},
            {"id": bob.id, "name": "Bob", "seat": 2, "total": 5, "place": 1},
            {"id": cy.id, "name": "Cy", "seat": 3, "total": 9, "place": 3},
        ],
        "rounds": [
            {"number": 1, "engine": 12, "scores": {str(ann.id): 5, str(bob.id): 5, str(cy.id): 9}}
        ],
        "schedule": [12, 10, 8, 6, 4, 2, 0],
        "winners": [ann.id, bob.id],
    }


def test_it_gives_open_ended_games_no_schedule(client, db):
    game = make_game(names=("Dee", "Eve"), ruleset="number-9", variant=None).game
    snap = client.get(f"/api/games/{game.code}").json()
    assert snap["schedule"] is None
    assert snap["ruleset"]["variant"] == "standard"
    assert snap["ruleset"]["lower_wins"] is False


def test_it_says_when_there_is_no_such_game(client, db):
    response = client.get("/api/games/no-such-game")
    assert response.status_code == 404
    assert response.json() == {
        "detail": "There is no game with this code; check the link you were given."
    }


def test_it_publishes_its_docs(client, db):
    assert client.get("/api/docs").status_code == 200
    spec = client.get("/api/openapi.json").json()
    assert set(spec["paths"]) >= {
        "/api/games/{code}",
        "/api/games/{code}/rounds/{n}",
        "/api/games/{code}/end",
    }
    assert "put" in spec["paths"]["/api/games/{code}/rounds/{n}"]


def test_it_serves_its_docs_without_a_cdn(client, db):
    # Venues have bad internet: every script and style of the docs comes from this server.
    page = client.get("/api/docs").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert client.get(asset).status_code == 200, asset
