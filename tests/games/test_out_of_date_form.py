"""A form sent with an out-of-date CSRF token (after logging in or out in another tab) is
refused with a sentence that says to reload, as a page or as JSON for keeper.js, and
saves nothing."""

from django.test import Client

from tests.games.conftest import hold_keeper_rights


def post_round_without_token(game, **headers):
    client = hold_keeper_rights(Client(enforce_csrf_checks=True), game)
    ann, bob, cy = [s.player_id for s in game.seats.all()]
    scores = {f"score-{ann}": 5, f"score-{bob}": 0, f"score-{cy}": 7}
    form = {"number": 1, "version": game.version, "engine": 12, **scores}
    return client.post(f"/games/{game.code}/rounds/", form, **headers)


SENTENCE = (
    "This form came from a page that is out of date (after logging in or out, say), so "
    "nothing was sent. Reload the page, then send the form again."
)


def test_it_asks_to_reload_the_page(game):
    response = post_round_without_token(game)

    assert response.status_code == 403
    page = response.content.decode()
    assert "<h1>The page was out of date</h1>" in page
    assert SENTENCE in page
    assert not game.rounds.exists()


def test_it_tells_the_scorekeepers_script_the_same(game):
    response = post_round_without_token(game, HTTP_ACCEPT="application/json")

    assert response.status_code == 403
    assert response.json() == {"ok": False, "message": SENTENCE}
    assert not game.rounds.exists()
