"""A change is rendered once per language its viewers read, never once per viewer: English
and Spanish viewers each get the board in their own language, live, for two renders; a
game followed in English only costs the one render it always did."""

import asyncio
import html
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation
from playwright.sync_api import expect

from games.models import Game
from games.snapshot import load_board
from tests.factories import make_game, points
from tests.live.conftest import save_round_async, socket


@database_sync_to_async
def board_html(code: str, language: str) -> str:
    with translation.override(language):
        return load_board(Game.objects.get(code=code)).html


async def watch(code: str, languages: list[str]) -> list[WebsocketCommunicator]:
    viewers = [socket(code, language=language) for language in languages]
    for each in viewers:
        assert (await each.connect())[0]
    await asyncio.gather(*(each.receive_from(timeout=10) for each in viewers))
    return viewers


@pytest.mark.django_db(transaction=True)
async def test_english_and_spanish_viewers_each_get_their_language_for_two_renders(
    game, board_renders
):
    viewers = await watch(game.code, ["en-GB,en;q=0.8", "en", "es-ES,es;q=0.9"])
    board_renders.clear()

    await save_round_async(game, 1, [8, 0, 21])
    got = [json.loads(t) for t in await asyncio.gather(*(v.receive_from(10) for v in viewers))]

    assert len(board_renders) == 2
    assert [message["version"] for message in got] == [2, 2, 2]
    english, spanish = await board_html(game.code, "en"), await board_html(game.code, "es")
    assert english != spanish, "the board has words to translate"
    assert [message["html"] for message in got] == [english, english, spanish]
    await asyncio.gather(*(each.disconnect() for each in viewers))


@pytest.mark.django_db(transaction=True)
async def test_a_game_followed_in_english_only_costs_one_render(game, board_renders):
    viewers = await watch(game.code, ["en", "en-US", "de-DE,en;q=0.5"])
    board_renders.clear()

    await save_round_async(game, 1, [8, 0, 21])
    got = await asyncio.gather(*(each.receive_from(10) for each in viewers))

    assert len(board_renders) == 1
    assert len(set(got)) == 1
    await asyncio.gather(*(each.disconnect() for each in viewers))


@pytest.mark.browser
def test_a_save_reaches_an_english_and_a_spanish_page_each_in_its_language(new_page, server):
    started = make_game(ruleset="mexican-train", variant=None)
    code = started.game.code
    pages = {
        language: new_page(f"/games/{code}/", locale=locale)
        for language, locale in (("en", "en-GB"), ("es", "es-ES"))
    }
    for page in pages.values():
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")

    answer = pages["en"].request.put(
        f"/api/games/{code}/rounds/1",
        data={"scores": points(started.game, 4, 0, 9), "engine": 12, "version": 1},
        headers={"Authorization": f"Bearer {started.key}"},
    )
    assert answer.ok, answer.text()

    captions = {}
    for language, page in pages.items():
        expect(page.locator("#board tr.totals td")).to_have_text(["4", "0", "9"])
        captions[language] = page.locator("#board .board-grid caption").inner_text()
        assert captions[language] == caption_in(code, language)
    assert captions["en"] != captions["es"]


def caption_in(code: str, language: str) -> str:
    """The board's caption as a page in `language` reads it."""
    with translation.override(language):
        drawn = load_board(Game.objects.get(code=code)).html
    caption = re.search(r"<caption>(.*?)</caption>", drawn, re.S)[1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", caption)).split())
