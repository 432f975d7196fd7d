"""The API answers an address it does not have, or a method an address does not take,
in its own JSON with a sentence, like every other refusal (not HTML, not a bare word)."""

from django.test import Client


def test_it_names_the_methods_an_address_takes(game):
    response = Client().delete(f"/api/games/{game.code}")

    assert response.status_code == 405
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD"}
    assert response.json() == {
        "detail": "This address takes GET or HEAD only; "
        "the API's addresses and their methods are listed at /api/docs."
    }


def test_it_says_an_end_is_a_post(game):
    response = Client().put(f"/api/games/{game.code}/end")

    assert response.status_code == 405
    assert response.json()["detail"].startswith("This address takes POST only;")


def test_it_points_to_the_docs_from_an_address_it_does_not_have(game):
    response = Client().get(f"/api/games/{game.code}/rounds")

    assert response.status_code == 404
    assert response.json() == {
        "detail": "The API has nothing at this address; "
        "the API's addresses and their methods are listed at /api/docs."
    }


def test_it_leaves_its_own_answers_as_they_are(game):
    response = Client().get("/api/games/no-such-game")

    assert response.status_code == 404
    assert response.json() == {
        "detail": "There is no game with this code; check the link you were given."
    }
