"""HEAD answers like GET on every page, through the real server (monitors and link
previews ask with HEAD): the same status and content type, and no body."""

import http.client
from urllib.parse import urlparse

import pytest
from django.test import Client

from nights.starting import start_night
from players.models import Player
from tests.factories import make_game, save_round
from tests.project.conftest import PAGE_KINDS, path_for
from trainscore import first_admin


@pytest.fixture
def game(server):
    started = make_game()
    save_round(started.game, 1, [6, 0, 11])
    return started


@pytest.fixture
def night(server):
    players = [Player.objects.create(name=name) for name in ("Dee", "Eve", "Fay", "Gus")]
    return start_night(name="Friday", ruleset="oll", variant="full", players=players).night


@pytest.fixture
def staff_cookie(staff) -> str:
    client = Client()
    client.force_login(staff)
    return f"sessionid={client.cookies['sessionid'].value}"


def ask(server, method: str, path: str, cookie: str = "") -> tuple[int, str, bytes]:
    """Send one request to the live server; its status, content type and body bytes."""
    connection = http.client.HTTPConnection(urlparse(server.url).netloc, timeout=20)
    try:
        connection.request(method, path, headers={"Cookie": cookie} if cookie else {})
        answer = connection.getresponse()
        # http.client reads no body for HEAD; a server that sent one anyway would leave
        # it on the socket, where the next request on this connection would find it.
        body = answer.read()
        if method == "HEAD":
            connection.request("GET", "/healthz")
            assert connection.getresponse().status == 200
        return answer.status, answer.getheader("Content-Type", ""), body
    finally:
        connection.close()


def other_pages(game, night) -> dict[str, str]:
    """GET addresses besides the page kinds every page test shares."""
    code = game.game.code
    return {
        "game with the scorekeeper's form": f"/games/{code}/?edit=1",
        "bare board": f"/games/{code}/board/",
        "keeper panel": f"/games/{code}/panel/",
        "end game": f"/games/{code}/end/",
        "spreadsheet": f"/games/{code}/export.csv",
        "seasons": "/seasons/",
        "api game": f"/api/games/{code}",
        "api night": f"/api/nights/{night.code}",
        "new night": "/nights/new/",
        "night": f"/nights/{night.code}/",
        "night screen": f"/nights/{night.code}/screen/",
        "api docs": "/api/docs",
        "api schema": "/api/openapi.json",
        "health": "/healthz",
        "admin": "/admin/",
        "service worker": "/sw.js",
        "manifest": "/manifest.webmanifest",
    }


def test_it_answers_head_like_get_on_every_page(server, club, night, staff_cookie):
    # The scorekeeper link is its own test: its GET grants this browser scorekeeping.
    kinds = {kind: path_for(kind, club) for kind in PAGE_KINDS if kind != "game (scorekeeper)"}
    for name, path in {**kinds, **other_pages(club["playing"], night)}.items():
        got = ask(server, "GET", path, staff_cookie)
        head = ask(server, "HEAD", path, staff_cookie)

        assert got[0] == 200, f"{name}: GET {path} answered {got[0]}"
        assert head[:2] == got[:2], f"{name}: HEAD {path} answered {head[:2]}, GET {got[:2]}"
        assert got[2], f"{name}: GET {path} had no body"
        assert head[2] == b"", f"{name}: HEAD {path} sent a body"


def test_it_answers_head_on_the_scorekeeper_link_as_on_get(server, game):
    path = f"/games/{game.game.code}/keep/{game.key}/"
    head = ask(server, "HEAD", path)
    assert head[0] == 302  # on to the board, as GET does

    wrong = ask(server, "HEAD", f"/games/{game.game.code}/keep/not-the-key/")
    assert wrong[0] == 403


def test_it_answers_head_on_the_first_admin_link(server):
    head = ask(server, "HEAD", f"/setup/{first_admin.new_token()}/")
    assert head[:2] == (200, "text/html; charset=utf-8")
    assert head[2] == b""
