"""Bad input to the API: 422, a message that names the field, and nothing changed.

The game is a Mexican Train for Ann, Bob and Cy with round 1 saved on the 12|12,
so round 2 is next and its station double is any unused one.
"""

import json

import pytest
from django.test import Client

from tests.factories import save_round

NOT_SEATED = 999_999


@pytest.fixture
def game(started):
    save_round(started.game, 1, [0, 12, 30], engine=12)
    return started.game


@pytest.fixture
def keeper(started):
    return Client(headers={"Authorization": f"Bearer {started.key}"})


@pytest.fixture
def unchanged(game):
    """Checks after the test that GET answers the very same bytes as before it."""
    before = Client().get(f"/api/games/{game.code}").content
    yield
    assert Client().get(f"/api/games/{game.code}").content == before


def ids(game):
    return [s.player_id for s in game.seats.all()]


def round_2(game, *, scores=None, engine=11, version=2, **extra):
    if scores is None:
        scores = {str(i): v for i, v in zip(ids(game), (5, 0, 7), strict=True)}
    return {"scores": scores, "engine": engine, "version": version, **extra}


def put(client, game, body, number=2):
    text = body if isinstance(body, str) else json.dumps(body)
    return client.put(
        f"/api/games/{game.code}/rounds/{number}", text, content_type="application/json"
    )


def refused(response, field):
    """The 422 answer's sentence for `field`, after checking the answer names it."""
    assert response.status_code == 422, response.content
    answer = response.json()
    assert set(answer) == {"detail", "errors"}
    assert field in answer["detail"]
    assert answer["detail"].startswith("Nothing was saved")
    return answer["errors"][field]


def test_it_names_a_player_left_without_a_score(keeper, game, unchanged):
    ann, bob, cy = ids(game)
    body = round_2(game, scores={str(ann): 5, str(bob): 0})
    assert refused(put(keeper, game, body), f"scores.{cy}") == "Enter Cy's score for round 2."


def test_it_refuses_a_player_who_is_not_seated(keeper, game, unchanged):
    scores = {str(i): 1 for i in ids(game)} | {str(NOT_SEATED): 4}
    sentence = refused(put(keeper, game, round_2(game, scores=scores)), "scores")
    assert str(NOT_SEATED) in sentence


@pytest.mark.parametrize("value", ["5", 5.0, 5.5, True, None, [5]])
def test_it_refuses_a_score_that_is_not_a_whole_number(keeper, game, unchanged, value):
    ann, bob, cy = ids(game)
    scores = {str(ann): value, str(bob): 0, str(cy): 7}
    sentence = refused(put(keeper, game, round_2(game, scores=scores)), f"scores.{ann}")
    assert "whole number" in sentence


@pytest.mark.parametrize("value", [-1, 100_000])
def test_it_refuses_a_score_out_of_bounds_with_the_rules_sentence(keeper, game, unchanged, value):
    ann, bob, cy = ids(game)
    scores = {str(ann): value, str(bob): 0, str(cy): 7}
    sentence = refused(put(keeper, game, round_2(game, scores=scores)), f"scores.{ann}")
    assert sentence == f"Ann: {game.table(3).score_error(value)}"


@pytest.mark.parametrize("engine", [13, -1])
def test_it_refuses_a_double_the_set_does_not_have(keeper, game, unchanged, engine):
    sentence = refused(put(keeper, game, round_2(game, engine=engine)), "engine")
    assert "double-12 set has no" in sentence


@pytest.mark.parametrize("engine", ["11", 11.0, False])
def test_it_refuses_an_engine_that_is_not_a_number(keeper, game, unchanged, engine):
    sentence = refused(put(keeper, game, round_2(game, engine=engine)), "engine")
    assert "number on the double" in sentence


def test_it_refuses_a_round_without_its_station_double(keeper, game, unchanged):
    sentence = refused(put(keeper, game, round_2(game, engine=None)), "engine")
    assert sentence.startswith("Record the station double")


def test_it_refuses_a_double_already_used(keeper, game, unchanged):
    sentence = refused(put(keeper, game, round_2(game, engine=12)), "engine")
    assert sentence.startswith("The 12|12 was already the station double of an earlier round")


def test_it_refuses_a_round_that_skips_ahead(keeper, game, unchanged):
    sentence = refused(put(keeper, game, round_2(game), number=3), "number")
    assert sentence == "Round 2 comes next; rounds are saved in order, without gaps."


@pytest.mark.parametrize("number", ["0", "-1", "two"])
def test_it_refuses_a_round_number_that_is_not_a_round(keeper, game, unchanged, number):
    refused(put(keeper, game, round_2(game), number=number), "number")


@pytest.mark.parametrize("version", ["2", 2.0, None, True])
def test_it_refuses_a_version_that_is_not_a_whole_number(keeper, game, unchanged, version):
    sentence = refused(put(keeper, game, round_2(game, version=version)), "version")
    assert sentence.startswith("Send the version")


def test_it_refuses_a_save_without_a_version(keeper, game, unchanged):
    body = round_2(game)
    del body["version"]
    refused(put(keeper, game, body), "version")


def test_it_refuses_scores_that_are_not_a_map(keeper, game, unchanged):
    refused(put(keeper, game, round_2(game, scores=[5, 0, 7])), "scores")


def test_it_refuses_a_field_it_does_not_know(keeper, game, unchanged):
    sentence = refused(put(keeper, game, round_2(game, round=2)), "round")
    assert sentence == "round is not part of this request; leave it out."


@pytest.mark.parametrize("body", ["{not json", "", "[5, 0, 7]", "12", '"scores"'])
def test_it_refuses_a_body_that_is_not_a_json_object(keeper, game, unchanged, body):
    sentence = refused(put(keeper, game, body), "body")
    assert sentence.startswith("Send the body as a JSON object")


def test_it_names_every_bad_field_at_once(keeper, game, unchanged):
    ann, bob, cy = ids(game)
    body = round_2(game, scores={str(ann): -3, str(bob): 0}, engine=12)
    response = put(keeper, game, body)
    refused(response, "engine")
    assert set(response.json()["errors"]) == {f"scores.{ann}", f"scores.{cy}", "engine"}


def test_it_saves_the_round_once_it_is_put_right(keeper, game):
    # The bodies above differ from this one only in the field each test spoils.
    response = put(keeper, game, round_2(game))
    assert response.status_code == 200
    assert response.json()["version"] == 3
