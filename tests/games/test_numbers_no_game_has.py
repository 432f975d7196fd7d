"""Numbers no round, seat, version or player could have ("²", thousands of digits, beyond
64 bits) get the usual refusal with a sentence, never a server error, and change nothing.

Python refuses to read an int of more than 4300 digits and SQLite one beyond 64 bits;
those used to surface as 500s.
"""

import json

import pytest
from django.test import Client

from games.models import Game
from tests.factories import save_round
from tests.games.conftest import hold_keeper_rights

THOUSANDS_OF_DIGITS = "9" * 5000
BEYOND_64_BITS = str(10**30)
NOT_NUMBERS = [THOUSANDS_OF_DIGITS, BEYOND_64_BITS, "²", "１２"]


@pytest.fixture
def game(started):
    save_round(started.game, 1, [0, 12, 30], engine=12)
    started.game.refresh_from_db()
    return started.game


@pytest.fixture
def keeper(game):
    return hold_keeper_rights(Client(), game)


@pytest.fixture
def unchanged(game):
    before = Client().get(f"/api/games/{game.code}").content
    yield
    assert Client().get(f"/api/games/{game.code}").content == before


@pytest.mark.parametrize("number", NOT_NUMBERS)
def test_the_game_page_shows_the_next_round_for_a_round_it_cannot_read(keeper, game, number):
    response = keeper.get(f"/games/{game.code}/", {"round": number, "edit": "1"})

    assert response.status_code == 200
    assert "Save round 2" in response.content.decode()


@pytest.mark.parametrize("number", [THOUSANDS_OF_DIGITS, "²"])
def test_the_round_form_refuses_a_number_or_version_it_cannot_read(keeper, game, unchanged, number):
    ann, bob, cy = [s.player_id for s in game.seats.all()]
    posted = {
        "number": number,
        "version": number,
        "engine": "11",
        f"score-{ann}": "5",
        f"score-{bob}": "0",
        f"score-{cy}": "7",
    }
    response = keeper.post(f"/games/{game.code}/rounds/", posted)

    assert response.status_code == 422
    assert "Round 2 was not saved" in response.content.decode()


@pytest.mark.parametrize("action", ["undo", "redo"])
@pytest.mark.parametrize("version", NOT_NUMBERS)
def test_undo_and_redo_refuse_a_version_they_cannot_read(keeper, game, unchanged, action, version):
    response = keeper.post(
        f"/games/{game.code}/{action}/", {"version": version}, HTTP_ACCEPT="application/json"
    )

    assert response.status_code == 422
    assert response.json()["message"] == "Send the version of the board the change was based on."


@pytest.mark.parametrize("version", NOT_NUMBERS)
def test_end_refuses_a_version_it_cannot_read(keeper, game, unchanged, version):
    response = keeper.post(f"/games/{game.code}/end/", {"version": version})

    assert response.status_code == 422
    page = response.content.decode()
    assert "<h1>End the game?</h1>" in page
    assert "Send the version of the board the change was based on." in page


@pytest.mark.parametrize("player", NOT_NUMBERS)
def test_a_new_game_refuses_a_player_it_cannot_read(staff_client, game, player):
    games = Game.objects.count()
    picked = [str(game.seats.first().player_id), player]
    response = staff_client.post("/games/new/", {"game": "oll:full", "players": picked})

    assert response.status_code == 422
    assert "Pick players from the list." in response.content.decode()
    assert Game.objects.count() == games


@pytest.mark.parametrize("player", [THOUSANDS_OF_DIGITS, BEYOND_64_BITS])
def test_the_api_refuses_a_score_for_a_player_it_cannot_read(started, game, unchanged, player):
    scores = {str(s.player_id): 1 for s in game.seats.all()} | {player: 4}
    body = {"scores": scores, "engine": 11, "version": game.version}
    response = Client(headers={"Authorization": f"Bearer {started.key}"}).put(
        f"/api/games/{game.code}/rounds/2", json.dumps(body), content_type="application/json"
    )

    assert response.status_code == 422
    assert response.json()["errors"]["scores"].endswith(
        "is not seated in this game; score only its players."
    )
