"""A player who left mid-game has scores in the early rounds and none in the later ones:
every page that draws the grid, and the live push, shows a dash there (heard as "no
score" by screen readers), never "None"."""

import re

import pytest

from games.scorekeeping import record_round
from games.snapshot import load_board
from nights.starting import leave_tables
from tests.factories import KEEPER, night_of, register, save_round
from tests.live.conftest import socket

NO_SCORE = (
    '<td class="num no-score"><span aria-hidden="true">–</span>'
    '<span class="visually-hidden">no score</span></td>'
)


def left_after_round_one():
    """A night's table of four where Dora leaves after round 1; round 2 is saved without
    her."""
    new = night_of(register("Ana", "Bruno", "Cécile", "Dora"))
    game = new.tables[0].game
    save_round(game, 1, [5, 0, 12, 7], engine=12)
    dora = game.seats.get(player__name="Dora").player
    leave_tables(player=dora, games=[game])
    game.refresh_from_db()
    scores = {
        s.player_id: v for s, v in zip(game.seats.exclude(player=dora), [3, 9, 0], strict=True)
    }
    record_round(game=game, number=2, scores=scores, engine=11, version=game.version, actor=KEEPER)
    return new


def grid_of(html: str) -> str:
    """The grid's rounds, from the first board's table body."""
    return re.search(r'<table class="board-grid">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page",
    ["/games/{game}/", "/games/{game}/screen/", "/nights/{night}/", "/nights/{night}/screen/"],
)
def test_each_page_with_a_grid_shows_a_dash_where_a_player_has_no_score(client, page):
    new = left_after_round_one()
    path = page.format(game=new.tables[0].game.code, night=new.night.code)

    html = client.get(path).content.decode()

    grid = grid_of(html)
    assert "None" not in grid
    round_one, round_two = re.findall(r"<tr[^>]*>(.*?)</tr>", grid, re.S)
    assert NO_SCORE not in round_one
    assert round_two.count(NO_SCORE) == 1, round_two
    assert round_two.endswith(NO_SCORE), "Dora's column, the last"


@pytest.mark.django_db
def test_the_no_score_is_said_in_the_readers_language(client):
    new = left_after_round_one()
    client.cookies["django_language"] = "fr"

    grid = grid_of(client.get(f"/games/{new.tables[0].game.code}/").content.decode())

    assert '<span class="visually-hidden">pas de score</span>' in grid


@pytest.mark.django_db(transaction=True)
async def test_the_live_push_shows_the_dash_too():
    from channels.db import database_sync_to_async

    new = await database_sync_to_async(left_after_round_one)()
    game = new.tables[0].game
    viewer = socket(game.code)
    assert (await viewer.connect())[0]

    message = await viewer.receive_json_from(timeout=10)

    grid = grid_of(message["html"])
    assert "None" not in grid
    assert grid.count(NO_SCORE) == 1
    board = await database_sync_to_async(load_board)(game)
    assert message["html"] == board.html, "the push draws the page's partial"
    await viewer.disconnect()
