"""End Game asks to confirm on its own page (no JavaScript needed); staff can reopen."""

import pytest

from games.models import Game
from tests.factories import save_round
from tests.games.conftest import hold_keeper_rights


@pytest.fixture
def game(started):
    save_round(started.game, 1, [10, 3, 3], engine=12)
    started.game.refresh_from_db()
    return started.game


@pytest.fixture
def keeper(client, game):
    return hold_keeper_rights(client, game)


def test_it_asks_before_ending_and_then_names_the_winners(keeper, game):
    confirm = keeper.get(f"/games/{game.code}/end/")
    assert confirm.status_code == 200
    assert "Bob and Cy share the win." in confirm.content.decode()
    game.refresh_from_db()
    assert not game.is_finished

    answer = keeper.post(f"/games/{game.code}/end/", {"version": game.version})
    assert answer.status_code == 302
    page = keeper.get(answer["Location"]).content.decode()
    assert "Game over. Bob and Cy share the win." in page
    assert page.count('<strong class="winner">won</strong>') == 2
    assert 'id="round-form"' not in page
    game.refresh_from_db()
    assert game.is_finished


def test_it_asks_again_when_the_board_changed_meanwhile(keeper, game):
    answer = keeper.post(f"/games/{game.code}/end/", {"version": game.version - 1})
    assert answer.status_code == 409
    assert "check the totals" in answer.content.decode()
    assert not Game.objects.get(pk=game.pk).is_finished


def test_it_refuses_to_end_from_a_browser_without_rights(client, game):
    assert client.get(f"/games/{game.code}/end/").status_code == 403
    assert client.post(f"/games/{game.code}/end/", {"version": game.version}).status_code == 403
    assert not Game.objects.get(pk=game.pk).is_finished


def test_it_lets_only_staff_reopen_a_finished_game(keeper, staff, game):
    keeper.post(f"/games/{game.code}/end/", {"version": game.version})
    assert keeper.post(f"/games/{game.code}/reopen/").status_code == 302  # to log in
    assert Game.objects.get(pk=game.pk).is_finished

    keeper.force_login(staff)
    page = keeper.get(f"/games/{game.code}/?edit=1").content.decode()
    assert "Reopen the game" in page
    keeper.post(f"/games/{game.code}/reopen/")
    assert not Game.objects.get(pk=game.pk).is_finished


def test_it_undoes_and_redoes_from_plain_form_posts(keeper, game):
    answer = keeper.post(f"/games/{game.code}/undo/", {"version": game.version})
    page = keeper.get(answer["Location"]).content.decode()
    assert "Undid the last change to round 1." in page
    assert "Scores appear here after the first round is saved." in page

    game.refresh_from_db()
    answer = keeper.post(f"/games/{game.code}/redo/", {"version": game.version})
    page = keeper.get(answer["Location"]).content.decode()
    assert "Put back the change to round 1." in page
    assert "Bob and Cy lead with 3." in page

    stale = keeper.post(f"/games/{game.code}/undo/", {"version": 1}, HTTP_ACCEPT="application/json")
    assert stale.status_code == 409
    assert "changed on another device" in stale.json()["message"]


def test_it_refuses_scores_for_an_ended_game_and_keeps_it_as_it_was(keeper, game):
    keeper.post(f"/games/{game.code}/end/", {"version": game.version})
    game.refresh_from_db()
    seats = [s.player_id for s in game.seats.all()]
    data = {"number": 2, "version": game.version, "engine": 11}
    data.update({f"score-{pid}": 1 for pid in seats})

    answer = keeper.post(f"/games/{game.code}/rounds/", data, HTTP_ACCEPT="application/json")
    assert answer.status_code == 409
    assert answer.json()["message"] == "This game has ended, so its scores can no longer change."
    answer = keeper.post(f"/games/{game.code}/rounds/", data)
    assert "This game has ended" in keeper.get(answer["Location"]).content.decode()
    assert Game.objects.get(pk=game.pk).version == game.version
