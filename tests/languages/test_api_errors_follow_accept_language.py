"""The API's error sentences are in the language the client asks for (Accept-Language);
its JSON keys and the field names inside the sentences stay as they are."""

import json
import re

import pytest
from django.test import Client

from tests.factories import make_game, save_round

ENGLISH_WORDS = ("Nothing", "saved", "score", "round", "game", "the", "was", "Send", "try")
"""Words of the English sentences (a field name such as `scores.1` is not one of them)."""


@pytest.fixture
def started(db):
    started = make_game(ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [0, 12, 30], engine=12)
    return started


def refusals(started, language: str) -> dict[str, dict]:
    """The same four refused requests, asked in `language`: each answer's status and JSON."""
    code = started.game.code
    keeper = Client(headers={"Authorization": f"Bearer {started.key}", "Accept-Language": language})
    stranger = Client(headers={"Accept-Language": language})
    first = started.game.seats.first().player_id
    bad_round = {"scores": {str(first): -4}, "engine": 11, "version": 2}
    asked = {
        "bad input (422)": keeper.put(
            f"/api/games/{code}/rounds/2", json.dumps(bad_round), content_type="application/json"
        ),
        "stale version (409)": keeper.post(
            f"/api/games/{code}/end", json.dumps({"version": 1}), content_type="application/json"
        ),
        "no key (401)": stranger.post(f"/api/games/{code}/end"),
        "unknown game (404)": stranger.get("/api/games/nosuchgame123"),
    }
    return {name: (answer.status_code, answer.json()) for name, answer in asked.items()}


@pytest.mark.parametrize("language", ["es", "fr", "fr-CA,fr;q=0.9,en;q=0.5"])
def test_each_refusal_is_a_sentence_in_the_clients_language(started, language):
    english = refusals(started, "en")
    asked = refusals(started, language)
    for name, (status, answer) in asked.items():
        assert status == english[name][0], name
        assert set(answer) == set(english[name][1]), f"{name}: the same keys"
        sentence, in_english = answer["detail"], english[name][1]["detail"]
        assert sentence != in_english, name
        english_words = [w for w in ENGLISH_WORDS if re.search(rf"\b{w}\b", sentence)]
        assert english_words == [], (name, sentence)
        if "errors" in answer:
            assert set(answer["errors"]) == set(english[name][1]["errors"])
            assert str(first_field := next(iter(answer["errors"]))) in sentence, first_field
