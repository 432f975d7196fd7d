"""Every answer carries the one strict Content-Security-Policy (trainscore/content_security.py):
pages, the API, error pages, and the refusal of a host the site does not answer to."""

import pytest
from django.test import Client

from tests.factories import make_game


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {name: sources for name, *sources in (part.split() for part in policy.split("; "))}


def test_it_allows_only_the_sites_own_files_and_its_own_socket(client, db, settings):
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    policy = directives(client.get("/", HTTP_HOST="scores.example.org"))

    assert policy == {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "connect-src": ["'self'", "ws://scores.example.org", "wss://scores.example.org"],
    }


@pytest.fixture
def answers(db, settings):
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    game = make_game().game
    client = Client(HTTP_HOST="scores.example.org")
    return {
        "a game page": client.get(f"/games/{game.code}/"),
        "the API": client.get(f"/api/games/{game.code}"),
        "a refused API write": client.post(f"/api/games/{game.code}/end"),
        "a page that does not exist": client.get("/no-such-page/"),
        "a static file": client.get("/static/css/base.css"),
    }


def test_it_is_on_every_kind_of_answer(answers):
    for name, response in answers.items():
        assert directives(response)["frame-ancestors"] == ["'none'"], name


def test_it_leaves_out_the_socket_of_a_host_the_site_does_not_answer_to(db, settings):
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    response = Client(HTTP_HOST="elsewhere.example").get("/")

    assert response.status_code == 400
    assert directives(response)["connect-src"] == ["'self'"]
