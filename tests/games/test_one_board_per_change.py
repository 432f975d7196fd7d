"""Each change reads its board once and renders it once for a game watched in one language:
the service builds the new board in memory, and the broadcast and the answer (API or page)
draw that same board. Nobody watching, nothing is rendered for the broadcast."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.test.signals import template_rendered

from games import snapshot
from live import languages
from tests.factories import make_game, points, save_round
from tests.games.conftest import hold_keeper_rights


@pytest.fixture
def counted(monkeypatch):
    """Board reads from the database and renders of the board partial, as they happen."""
    seen = {"reads": 0, "renders": 0}
    real = snapshot.load_boards

    def reading(games):
        seen["reads"] += 1
        return real(games)

    def rendering(sender, template, **kwargs):
        if template.name == "games/board.html":
            seen["renders"] += 1

    monkeypatch.setattr(snapshot, "load_boards", reading)
    template_rendered.connect(rendering)
    yield seen
    template_rendered.disconnect(rendering)


@pytest.fixture
def started(db):
    started = make_game(ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [0, 5, 9], engine=12)
    return started


@pytest.fixture
def watched(started):
    """The game has screens reading English (as a feed marks them)."""
    async_to_sync(languages.mark)(started.game.code, {"en"})


def api(client, started, method: str, path: str, body: dict | None = None):
    return client.generic(
        method,
        f"/api/games/{started.game.code}/{path}",
        json.dumps(body) if body is not None else "",
        content_type="application/json",
        headers={"Authorization": f"Bearer {started.key}"},
    )


def page(client, started, action: str, data: dict):
    hold_keeper_rights(client, started.game)
    return client.post(
        f"/games/{started.game.code}/{action}/", data, headers={"Accept": "application/json"}
    )


CHANGES = {
    "API save": lambda client, s: api(
        client,
        s,
        "PUT",
        "rounds/2",
        {"scores": points(s.game, 1, 2, 3), "engine": 11, "version": 2},
    ),
    "form save": lambda client, s: page(
        client,
        s,
        "rounds",
        {
            "number": 2,
            "version": 2,
            "engine": "11",
            **{f"score-{p}": 4 for p in points(s.game, 0, 0, 0)},
        },
    ),
    "undo": lambda client, s: page(client, s, "undo", {"version": 2}),
    "API end": lambda client, s: api(client, s, "POST", "end", {"version": 2}),
    "API undo": lambda client, s: api(client, s, "POST", "undo"),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_change_reads_and_renders_its_board_once(
    client, started, watched, counted, change, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as broadcast:
        answer = CHANGES[change](client, started)
    assert answer.status_code == 200, answer.content
    assert len(broadcast) == 1
    assert counted == {"reads": 1, "renders": 1}


def test_a_redo_reads_and_renders_its_board_once(
    client, started, watched, counted, django_capture_on_commit_callbacks
):
    page(client, started, "undo", {"version": 2})
    counted.update(reads=0, renders=0)
    with django_capture_on_commit_callbacks(execute=True) as broadcast:
        answer = page(client, started, "redo", {"version": 3})
    assert answer.status_code == 200, answer.content
    assert answer.json()["message"] == "Put back the change to round 1."
    assert len(broadcast) == 1
    assert counted == {"reads": 1, "renders": 1}


def test_an_api_save_nobody_watches_renders_no_board(
    client, started, counted, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as broadcast:
        answer = CHANGES["API save"](client, started)
    assert answer.status_code == 200, answer.content
    assert len(broadcast) == 1
    assert counted == {"reads": 1, "renders": 0}
