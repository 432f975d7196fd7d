"""The scorekeeper link grants a browser scorekeeping; a wrong key grants nothing."""

import pytest

from tests.factories import make_game


@pytest.fixture
def started(db):
    return make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)


def test_it_makes_the_browser_the_scorekeeper_with_the_right_key(client, started):
    game = started.game
    assert 'id="round-form"' not in client.get(f"/games/{game.code}/?edit=1").content.decode()

    answer = client.get(f"/games/{game.code}/keep/{started.key}/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/games/{game.code}/?edit=1#keeper"
    page = client.get(answer["Location"]).content.decode()
    assert "This browser now keeps score for this game." in page
    assert 'id="round-form"' in page


def test_it_refuses_a_wrong_key_and_says_how_to_get_the_right_link(client, started):
    game = started.game
    answer = client.get(f"/games/{game.code}/keep/not-the-key/")
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "doesn't match this game" in page
    assert "Ask whoever started the game for the scorekeeper link again" in page
    assert 'id="round-form"' not in client.get(f"/games/{game.code}/?edit=1").content.decode()


def test_it_slows_down_guessing_with_429_and_retry_after(client, started):
    game = started.game
    for _ in range(10):
        assert client.get(f"/games/{game.code}/keep/guess/").status_code == 403
    answer = client.get(f"/games/{game.code}/keep/{started.key}/")
    assert answer.status_code == 429
    assert answer["Retry-After"] == "60"
    assert "Wait a minute" in answer.content.decode()


def test_it_answers_404_for_an_unknown_game(client, started):
    assert client.get(f"/games/nope/keep/{started.key}/").status_code == 404
    assert client.get("/games/nope/").status_code == 404
