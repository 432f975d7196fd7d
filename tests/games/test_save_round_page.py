"""Saving a round from the game page's form, with and without JavaScript."""

import json

import pytest

from games.models import Change
from games.snapshot import load_board, snapshot
from tests.factories import make_game, save_round
from tests.games.conftest import hold_keeper_rights


@pytest.fixture
def keeper(client, game):
    return hold_keeper_rights(client, game)


def form(game, *points, number=1, engine=12, version=None):
    data = {"number": number, "engine": engine, "version": version or game.version}
    for seat, value in zip(game.seats.all(), points, strict=True):
        data[f"score-{seat.player_id}"] = value
    return data


def state(game):
    game.refresh_from_db()
    return json.dumps(snapshot(load_board(game)), sort_keys=True)


def test_it_saves_a_round_from_a_plain_form_post(keeper, game):
    answer = keeper.post(f"/games/{game.code}/rounds/", form(game, 0, 12, 30))
    assert answer.status_code == 302
    page = keeper.get(answer["Location"]).content.decode()
    assert "Round 1 saved." in page
    assert '<td class="num total leader" data-player' in page
    assert snapshot(load_board(game))["players"][1]["total"] == 12


def test_it_refuses_a_browser_without_rights_and_changes_nothing(client, game):
    before = state(game)
    answer = client.post(f"/games/{game.code}/rounds/", form(game, 0, 12, 30))
    assert answer.status_code == 403
    assert "open its scorekeeper link on this device" in answer.content.decode()
    as_json = client.post(
        f"/games/{game.code}/rounds/", form(game, 0, 12, 30), HTTP_ACCEPT="application/json"
    )
    assert as_json.status_code == 403
    assert state(game) == before


def test_it_shows_each_error_next_to_its_field_keeps_the_values_and_writes_nothing(keeper, game):
    before = state(game)
    ann, bob, cy = [s.player for s in game.seats.all()]
    data = form(game, "7", "lots", "", engine="")
    answer = keeper.post(f"/games/{game.code}/rounds/", data)
    page = answer.content.decode()
    assert answer.status_code == 422
    bob_error = f'<p class="field-error" id="id_score-{bob.pk}_error">'
    assert bob_error + "Enter Bob&#x27;s score as a whole number." in page
    assert (
        f'<p class="field-error" id="id_score-{cy.pk}_error">Enter Cy&#x27;s score for round 1.'
        in page
    )
    assert f'name="score-{ann.pk}" value="7"' in page
    assert state(game) == before


def test_it_puts_the_services_sentences_next_to_the_fields(keeper, game):
    save_round(game, 1, [0, 1, 2], engine=12)
    game.refresh_from_db()
    before = state(game)
    answer = keeper.post(f"/games/{game.code}/rounds/", form(game, 5, -3, 2, number=2, engine=12))
    page = answer.content.decode()
    assert answer.status_code == 422
    assert "Bob: Scores can&#x27;t be negative" in page
    assert "The 12|12 was already the station double of an earlier round" in page
    assert state(game) == before


def test_it_shows_the_latest_values_when_another_device_saved_first(keeper, game):
    save_round(game, 1, [0, 9, 4], engine=11)
    before = state(game)

    stale = form(game, 1, 2, 3, engine=10, version=1)
    answer = keeper.post(f"/games/{game.code}/rounds/", stale)
    page = answer.content.decode()
    assert answer.status_code == 409
    assert "Round 1 was saved from another device a moment ago — here is the latest." in page
    bob = game.seats.all()[1].player_id
    assert f'name="score-{bob}" value="9"' in page
    assert '<option value="11" selected>11|11</option>' in page
    assert 'name="version" value="2"' in page
    assert state(game) == before


def test_it_answers_json_for_keeper_js(keeper, game):
    answer = keeper.post(
        f"/games/{game.code}/rounds/", form(game, 0, 12, 30), HTTP_ACCEPT="application/json"
    )
    data = answer.json()
    assert answer.status_code == 200
    assert data["message"] == "Round 1 saved."
    assert data["snapshot"]["version"] == 2
    assert data["board_html"].startswith('<div class="board" id="board" data-version="2"')
    assert "Save round 2" in data["form_html"]
    assert "the last change to round 1" in data["actions_html"]

    bad = keeper.post(
        f"/games/{game.code}/rounds/",
        form(game, 0, 12, "x", number=2, engine=11),
        HTTP_ACCEPT="application/json",
    )
    assert bad.status_code == 422
    assert "Enter Cy&#x27;s score as a whole number." in bad.json()["form_html"]


def test_it_records_a_resent_save_once(keeper, game):
    for _ in range(2):
        keeper.post(f"/games/{game.code}/rounds/", form(game, 0, 12, 30, version=1))
    assert Change.objects.filter(game=game).count() == 1


def test_it_takes_a_fixed_schedules_engine_without_asking(client, db):
    game = make_game(names=("Dot", "Eve"), ruleset="oll", variant="even").game
    hold_keeper_rights(client, game)
    page = client.get(f"/games/{game.code}/?edit=1").content.decode()
    assert "Round 1 starts from the <strong>12|12</strong>." in page
    assert 'name="engine"' not in page

    data = {"number": 1, "version": 1, **{f"score-{s.player_id}": 5 for s in game.seats.all()}}
    assert client.post(f"/games/{game.code}/rounds/", data).status_code == 302
    assert snapshot(load_board(game))["rounds"][0]["engine"] == 12
