"""Changing a game through the API: the key opens it, a stale or finished board refuses.

Every refused write leaves the snapshot that GET answers byte for byte as it was.
"""

import pytest
from django.test import Client

from games.models import Change
from tests.factories import make_game, points


@pytest.fixture
def keeper(started):
    """A client that sends the scorekeeper key with every request."""
    return Client(headers={"Authorization": f"Bearer {started.key}"})


def board(game) -> bytes:
    response = Client().get(f"/api/games/{game.code}")
    assert response.status_code == 200
    return response.content


def save(client, game, number, scores, engine, version):
    body = {"scores": scores, "engine": engine, "version": version}
    return client.put(
        f"/api/games/{game.code}/rounds/{number}", body, content_type="application/json"
    )


def end(client, game, version):
    return client.post(
        f"/api/games/{game.code}/end", {"version": version}, content_type="application/json"
    )


def test_it_saves_a_round_and_answers_the_new_snapshot(keeper, game):
    response = save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    assert response.status_code == 200
    snap = response.json()
    assert snap["version"] == 2
    assert [p["total"] for p in snap["players"]] == [0, 12, 30]
    assert snap["rounds"] == [{"number": 1, "engine": 12, "scores": points(game, 0, 12, 30)}]
    assert response.content == board(game)


def test_it_records_api_changes_in_the_history(keeper, game):
    save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    change = Change.objects.get(game=game)
    assert (change.source, change.by, change.round_number) == ("api", "scorekeeper key", 1)


def test_it_corrects_an_earlier_round(keeper, game):
    save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    save(keeper, game, 2, points(game, 4, 0, 8), 7, 2)
    response = save(keeper, game, 1, points(game, 0, 12, 3), 12, 3)
    assert response.status_code == 200
    assert [p["total"] for p in response.json()["players"]] == [4, 12, 11]


def test_it_answers_a_retried_save_and_records_it_once(keeper, game):
    first = save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    again = save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    assert again.status_code == 200
    assert again.content == first.content
    assert Change.objects.filter(game=game).count() == 1


def test_it_ends_the_game_with_the_winners(keeper, game):
    save(keeper, game, 1, points(game, 3, 3, 9), 12, 1)
    response = end(keeper, game, 2)
    assert response.status_code == 200
    snap = response.json()
    assert snap["status"] == "finished"
    assert snap["winners"] == [s.player_id for s in game.seats.all()][:2]


def test_it_undoes_and_redoes(keeper, game):
    save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    undone = keeper.post(
        f"/api/games/{game.code}/undo", {"version": 2}, content_type="application/json"
    )
    assert (undone.status_code, undone.json()["rounds"]) == (200, [])
    redone = keeper.post(
        f"/api/games/{game.code}/redo", {"version": 3}, content_type="application/json"
    )
    assert redone.status_code == 200
    assert redone.json()["rounds"][0]["scores"] == points(game, 0, 12, 30)


def test_it_says_when_there_is_nothing_to_undo(keeper, game):
    before = board(game)
    response = keeper.post(
        f"/api/games/{game.code}/undo", {"version": 1}, content_type="application/json"
    )
    assert response.status_code == 422
    assert response.json() == {
        "detail": "There is nothing to undo yet.",
        "errors": {"undo": "There is nothing to undo yet."},
    }
    assert board(game) == before


def test_it_takes_the_key_without_a_csrf_token(started, game):
    client = Client(enforce_csrf_checks=True, headers={"Authorization": f"Bearer {started.key}"})
    assert save(client, game, 1, points(game, 1, 2, 3), 12, 1).status_code == 200


def test_it_asks_for_the_key_when_none_is_sent(game):
    before = board(game)
    response = save(Client(), game, 1, points(game, 0, 12, 30), 12, 1)
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert "Authorization: Bearer" in response.json()["detail"]
    assert board(game) == before


def test_it_asks_for_the_key_when_another_scheme_is_sent(started, game):
    before = board(game)
    client = Client(headers={"Authorization": f"Basic {started.key}"})
    assert end(client, game, 1).status_code == 401
    assert board(game) == before


def test_it_refuses_a_wrong_key(game):
    before = board(game)
    intruder = Client(headers={"Authorization": "Bearer not-the-key"})
    response = save(intruder, game, 1, points(game, 0, 12, 30), 12, 1)
    assert response.status_code == 403
    assert response.json() == {
        "detail": "That key does not keep score for this game; copy it again from the "
        "scorekeeper link you were given."
    }
    assert end(intruder, game, 1).status_code == 403
    assert board(game) == before


def test_it_refuses_a_key_from_another_game(db, game):
    other = make_game(names=("Dee", "Eve"), ruleset="oll", variant=None)
    before = board(game)
    client = Client(headers={"Authorization": f"Bearer {other.key}"})
    assert save(client, game, 1, points(game, 0, 12, 30), 12, 1).status_code == 403
    assert board(game) == before


def test_it_says_when_there_is_no_such_game(keeper, game):
    response = keeper.put(
        "/api/games/no-such-game/rounds/1",
        {"scores": points(game, 0, 12, 30), "engine": 12, "version": 1},
        content_type="application/json",
    )
    assert response.status_code == 404
    assert "no game with this code" in response.json()["detail"]
    assert Client().post("/api/games/no-such-game/end").status_code == 404


def test_it_refuses_a_stale_version_with_the_latest_board(keeper, game):
    save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    before = board(game)
    response = save(keeper, game, 1, points(game, 1, 1, 1), 12, 1)
    assert response.status_code == 409
    answer = response.json()
    detail = answer.pop("detail")
    assert "another device" in detail
    assert answer == Client().get(f"/api/games/{game.code}").json()
    assert answer["rounds"][0]["scores"] == points(game, 0, 12, 30)
    assert end(keeper, game, 1).status_code == 409
    assert board(game) == before


def test_it_refuses_changes_to_a_finished_game(keeper, game):
    save(keeper, game, 1, points(game, 0, 12, 30), 12, 1)
    end(keeper, game, 2)
    before = board(game)
    response = save(keeper, game, 2, points(game, 1, 1, 1), 11, 3)
    assert response.status_code == 409
    answer = response.json()
    assert answer.pop("detail") == "This game has ended, so its scores can no longer change."
    assert answer["status"] == "finished"
    assert answer == Client().get(f"/api/games/{game.code}").json()
    assert end(keeper, game, 3).status_code == 409
    assert board(game) == before


def test_it_slows_down_guesses_at_the_key(started, game):
    before = board(game)
    guesser = Client(headers={"Authorization": "Bearer guess"})
    answers = [save(guesser, game, 1, points(game, 0, 1, 2), 12, 1) for _ in range(10)]
    assert [a.status_code for a in answers] == [403] * 10

    throttled = save(guesser, game, 1, points(game, 0, 1, 2), 12, 1)
    assert throttled.status_code == 429
    assert int(throttled["Retry-After"]) > 0
    assert "wait a minute" in throttled.json()["detail"]
    # Even the right key waits from that client, so guessing on cannot find it.
    right = Client(headers={"Authorization": f"Bearer {started.key}"})
    assert save(right, game, 1, points(game, 0, 1, 2), 12, 1).status_code == 429
    assert board(game) == before
    # Another client with the key is not held up.
    elsewhere = Client(headers={"Authorization": f"Bearer {started.key}"}, REMOTE_ADDR="10.0.0.9")
    assert save(elsewhere, game, 1, points(game, 0, 1, 2), 12, 1).status_code == 200
