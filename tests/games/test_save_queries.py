"""A save costs the same few queries for 2 players as for 8, the broadcast's render
included: the service builds the new board in memory and everyone draws that one."""

import json

import pytest

from tests.factories import make_game, points, save_round
from tests.games.conftest import hold_keeper_rights

API_SAVE = 11
"""The game (key check), the game locked, its seats, its rounds with their scores, the new
round, its scores in one statement, the version, the change and its edits, and the
savepoint pair the test's own transaction adds."""
FORM_SAVE = 14
"""The game, the session, the board for the form; the game locked; the writes as above;
and the history the page's answer draws (changes and their edits)."""


@pytest.fixture(params=[2, 8], ids=["2 players", "8 players"])
def started(request, db):
    started = make_game(
        names=[f"Player {i}" for i in range(request.param)], ruleset="mexican-train", variant=None
    )
    save_round(started.game, 1, list(range(request.param)), engine=12)
    return started


def test_an_api_save_reads_the_board_once(
    client, started, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    game = started.game
    body = {"scores": points(game, *[5] * game.seats.count()), "engine": 11, "version": 2}
    with (
        django_assert_max_num_queries(API_SAVE),
        django_capture_on_commit_callbacks(execute=True) as broadcast,
    ):
        answer = client.put(
            f"/api/games/{game.code}/rounds/2",
            json.dumps(body),
            content_type="application/json",
            headers={"Authorization": f"Bearer {started.key}"},
        )
    assert answer.status_code == 200
    assert answer.json()["version"] == 3
    assert [r["number"] for r in answer.json()["rounds"]] == [1, 2]
    assert broadcast, "the save announced nothing"


def test_a_form_save_reads_the_board_once(
    client, started, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    game = started.game
    hold_keeper_rights(client, game)
    typed = {f"score-{pid}": 5 for pid in points(game, *[0] * game.seats.count())}
    with (
        django_assert_max_num_queries(FORM_SAVE),
        django_capture_on_commit_callbacks(execute=True) as broadcast,
    ):
        answer = client.post(
            f"/games/{game.code}/rounds/",
            {"number": 2, "version": 2, "engine": "11", **typed},
            headers={"Accept": "application/json"},
        )
    assert answer.status_code == 200, answer.json()["message"]
    assert answer.json()["message"] == "Round 2 saved."
    assert answer.json()["snapshot"]["version"] == 3
    assert 'data-version="3"' in answer.json()["board_html"]
    assert broadcast, "the save announced nothing"
