"""A change to a tournament is rendered for its overview once per language and band filter
its pages draw, whatever the number of phones following it; each phone gets the live
part for its own language and band filter, and a phone joining after the change is given
what was rendered for it already. The tournament is read once per change for all its
pages in a process (walls and overviews, in every language), and an overview's socket
(`?tables=none`: it draws no table) is sent no table's save."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test.signals import template_rendered
from django.utils import translation

from tests.factories import stage_games, tournament_of
from tests.live.conftest import SAME_ORIGIN
from tests.tournaments.kit import play_by_name
from trainscore.asgi import application

PHONES = 8  # of each kind
KINDS = [("en", ""), ("es", ""), ("fr", "Beginners"), ("en", "Beginners")]


@pytest.fixture
def live_renders():
    """The language and band filter of every rendering of the overview's live part."""
    renders = []

    def count(sender, template, context, **kwargs):
        if template.name == "tournaments/live.html":
            renders.append((translation.get_language(), context.get("band") or ""))

    template_rendered.connect(count)
    yield renders
    template_rendered.disconnect(count)


def phone(code: str, language: str, band: str, *, tables: bool = True) -> WebsocketCommunicator:
    asked = ([f"band={band}"] if band else []) + ([] if tables else ["tables=none"])
    query = f"?{'&'.join(asked)}" if asked else ""
    headers = [(b"origin", SAME_ORIGIN), (b"accept-language", language.encode())]
    return WebsocketCommunicator(application, f"/ws/tournaments/{code}/{query}", headers=headers)


async def next_tournament(viewer: WebsocketCommunicator) -> dict:
    """The next "tournament" message (a table's own messages come too)."""
    while True:
        message = json.loads(await viewer.receive_from(timeout=10))
        if message["type"] == "tournament":
            return message


def standings_of(live: str) -> str:
    return live.split('class="tournament-standings"', 1)[1]


@database_sync_to_async
def started():
    return tournament_of(
        ["Ann", "Bob"], ["Cy", "Di"], table_size=(2, 2), games=2, rounds=1,
        bands_of={"Ann": "Beginners", "Cy": "Beginners"}, bands=["Beginners"],
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
async def test_a_game_ending_is_rendered_once_per_language_and_band_for_every_phone(live_renders):
    new = await started()
    code = new.tournament.code
    phones = {kind: [phone(code, *kind) for _ in range(PHONES)] for kind in KINDS}
    # A band the tournament has not draws everyone: nothing more to render.
    stray = phone(code, "en", "Nonsense")
    everyone = [*(p for group in phones.values() for p in group), stray]
    for viewer in everyone:
        assert (await viewer.connect())[0]
    await asyncio.gather(*(next_tournament(viewer) for viewer in everyone))
    live_renders.clear()

    first = (await database_sync_to_async(stage_games)(new.stage))[0]
    await database_sync_to_async(play_by_name)(first, {"Ann": [9], "Bob": [2]})
    got = {
        kind: await asyncio.gather(*(next_tournament(viewer) for viewer in group))
        for kind, group in phones.items()
    }
    stray_got = await next_tournament(stray)

    assert sorted(live_renders) == sorted(KINDS)
    for kind, messages in got.items():
        assert len({m["live"] for m in messages}) == 1, f"{kind}: one rendering for all"
    en, es, fr, en_band = (got[kind][0]["live"] for kind in KINDS)
    assert "Standings" in en and "Clasificación" in es and "Beginners" in fr
    # The band's phones see only its players; everyone's see all four.
    band_standings = standings_of(en_band)
    assert "Bob" not in band_standings and "Ann" in band_standings
    assert all(name in standings_of(en) for name in ("Ann", "Bob", "Cy", "Di"))
    assert stray_got["live"] == en
    # "My table" on each phone: the stage's two tables, two players each.
    assert [len(t["players"]) for t in got[KINDS[0]][0]["seats"]] == [2, 2]

    # Ten more phones joining now are given what was rendered: nothing is rendered again.
    live_renders.clear()
    late = [phone(code, *KINDS[i % len(KINDS)]) for i in range(10)]
    for viewer in late:
        assert (await viewer.connect())[0]
    joined = await asyncio.gather(*(next_tournament(viewer) for viewer in late))
    assert live_renders == []
    assert joined[0]["live"] == en and joined[1]["live"] == es

    await asyncio.gather(*(viewer.disconnect() for viewer in [*everyone, *late]))


@pytest.mark.django_db(transaction=True)
async def test_walls_and_overviews_share_one_reading_and_overviews_get_no_table(
    live_renders, monkeypatch
):
    from tournaments import screens

    reads = []

    def counted(code):
        reads.append(code)
        return load(code)

    load = screens.load_tournament
    monkeypatch.setattr(screens, "load_tournament", counted)
    new = await started()
    code = new.tournament.code
    walls = [phone(code, "en", ""), phone(code, "fr", "")]
    overviews = [phone(code, language, "", tables=False) for language in ("en", "fr", "es")]
    for viewer in [*walls, *overviews]:
        assert (await viewer.connect())[0]
        await next_tournament(viewer)
    reads.clear()
    live_renders.clear()

    first = (await database_sync_to_async(stage_games)(new.stage))[0]
    await database_sync_to_async(play_by_name)(first, {"Ann": [9], "Bob": [2]}, end=False)
    for wall in walls:  # the save reaches the walls' table
        assert json.loads(await wall.receive_from(timeout=10))["type"] == "table"
    await database_sync_to_async(first.refresh_from_db)()
    await database_sync_to_async(play_by_name)(first, {"Ann": [], "Bob": []})
    messages = [await next_tournament(wall) for wall in walls]
    # The overviews are sent the tournament's messages only: no table's save or end.
    messages += [json.loads(await viewer.receive_from(timeout=10)) for viewer in overviews]
    assert [message["type"] for message in messages] == ["tournament"] * 5

    assert reads == [code], "one reading for five pages of two kinds in three languages"
    assert sorted(live_renders) == [("en", ""), ("es", ""), ("fr", "")]
    assert messages[0]["live"] == messages[2]["live"], "a wall and an overview, both English"
    for viewer in overviews:
        assert await viewer.receive_nothing(timeout=0.5)
    await asyncio.gather(*(viewer.disconnect() for viewer in [*walls, *overviews]))
