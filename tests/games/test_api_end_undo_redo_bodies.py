"""End, undo and redo through the API take an optional body, `{"version": int}` (docs/api.md).

No body, or `{}`, acts on the board as it stands; a current version acts; a stale one is
a 409 with the latest snapshot; anything else is a 422 whose sentences name this
endpoint's own body. A refused request leaves the snapshot the same, byte for byte.

The game is a Mexican Train for Ann, Bob and Cy with round 1 saved (version 2); for
redo, round 1 was then undone (version 3), so there is something to put back.
"""

import json

import pytest
from django.test import Client

from games.scorekeeping import undo
from tests.factories import KEEPER, save_round

NO_VERSION = ["", "{}"]


@pytest.fixture(params=["end", "undo", "redo"])
def action(request):
    return request.param


@pytest.fixture
def game(started, action):
    save_round(started.game, 1, [0, 12, 30], engine=12)
    if action == "redo":
        undo(game=started.game, version=2, actor=KEEPER)
    started.game.refresh_from_db()
    return started.game


@pytest.fixture
def keeper(started):
    return Client(headers={"Authorization": f"Bearer {started.key}"})


def read(game) -> bytes:
    return Client().get(f"/api/games/{game.code}").content


def post(keeper, game, action, body: str):
    return keeper.post(f"/api/games/{game.code}/{action}", body, content_type="application/json")


def acted(action, answer: dict, before: dict) -> None:
    """Check the answer shows the action done on the board `before` showed."""
    assert answer["version"] == before["version"] + 1
    if action == "end":
        assert answer["status"] == "finished"
        assert answer["winners"] == [answer["players"][0]["id"]]  # Ann's 0 is lowest
    elif action == "undo":
        assert answer["rounds"] == []
    else:
        assert [r["number"] for r in answer["rounds"]] == [1]


@pytest.mark.parametrize("body", NO_VERSION, ids=["empty body", "empty object"])
def test_it_acts_on_the_board_as_it_stands_without_a_version(keeper, game, action, body):
    before = json.loads(read(game))
    response = post(keeper, game, action, body)

    assert response.status_code == 200, response.content
    acted(action, response.json(), before)
    assert response.json() == json.loads(read(game))


def test_it_acts_when_the_version_is_current(keeper, game, action):
    before = json.loads(read(game))
    response = post(keeper, game, action, json.dumps({"version": game.version}))

    assert response.status_code == 200, response.content
    acted(action, response.json(), before)


def test_it_refuses_a_stale_version_with_the_latest_snapshot(keeper, game, action):
    before = read(game)
    response = post(keeper, game, action, json.dumps({"version": game.version - 1}))

    assert response.status_code == 409
    answer = response.json()
    assert answer.pop("detail").startswith("The board changed on another device")
    assert answer == json.loads(before)
    assert read(game) == before


@pytest.mark.parametrize("body", NO_VERSION, ids=["empty body", "empty object"])
def test_it_refuses_any_of_them_once_the_game_has_ended(keeper, game, action, body):
    assert post(keeper, game, "end", "").status_code == 200
    before = read(game)

    response = post(keeper, game, action, body)

    assert response.status_code == 409
    assert response.json()["detail"] == "This game has ended, so its scores can no longer change."
    assert read(game) == before


WRONG_VERSIONS = ['"3"', "3.0", "true", "null", "[3]"]
UNDONE = {
    "end": "The game was not ended",
    "undo": "Nothing was undone",
    "redo": "Nothing was put back",
}
WITHOUT_A_VERSION = {
    "end": "end the game as it stands",
    "undo": "undo the latest change",
    "redo": "put back what the latest undo took away",
}


@pytest.mark.parametrize("version", WRONG_VERSIONS)
def test_it_refuses_a_version_of_the_wrong_type_naming_its_own_field(keeper, game, action, version):
    before = read(game)
    response = post(keeper, game, action, f'{{"version": {version}}}')

    assert response.status_code == 422, response.content
    answer = response.json()
    assert answer == {
        "detail": f"{UNDONE[action]}; correct version, then send it again.",
        "errors": {
            "version": "Send the version of the board this change was based on, as a whole "
            f"number, or leave it out to {WITHOUT_A_VERSION[action]}."
        },
    }
    assert read(game) == before


@pytest.mark.parametrize("body", ["{not json", "[3]", "3", '"version"'])
def test_it_refuses_a_body_that_is_not_a_json_object_with_its_own_example(
    keeper, game, action, body
):
    before = read(game)
    response = post(keeper, game, action, body)

    assert response.status_code == 422, response.content
    answer = response.json()
    assert answer["detail"] == f"{UNDONE[action]}; correct body, then send it again."
    sentence = answer["errors"]["body"]
    assert sentence == (
        f'Send no body to {WITHOUT_A_VERSION[action]}, or a JSON object such as {{"version": 3}}.'
    )
    assert "scores" not in sentence and "engine" not in sentence
    assert read(game) == before


def test_it_refuses_a_rounds_fields_sent_to_it(keeper, game, action):
    before = read(game)
    body = {"scores": {"1": 5}, "engine": 11, "version": game.version}
    response = post(keeper, game, action, json.dumps(body))

    assert response.status_code == 422, response.content
    errors = response.json()["errors"]
    assert errors == {
        "scores": "scores is not part of this request; leave it out.",
        "engine": "engine is not part of this request; leave it out.",
    }
    assert read(game) == before
