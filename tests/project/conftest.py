"""Every kind of page the site has, each with something on it to show: a game in
progress with five long names and a leader, and a finished one with a winner."""

import pytest
from playwright.sync_api import expect

from games.scorekeeping import end_game
from tests.conftest import log_in
from tests.factories import KEEPER, LONG_NAMES, make_game, save_round

PAGE_KINDS = [
    "home",
    "players",
    "player",
    "games",
    "new game",
    "game (viewer)",
    "game (finished)",
    "game (scorekeeper)",
    "screen",
    "rules",
    "rule page",
    "login",
]


@pytest.fixture
def club(db, staff):
    playing = make_game(names=LONG_NAMES[:5], ruleset="mexican-train", variant=None)
    save_round(playing.game, 1, [12, 0, 33, 7, 101], engine=12)
    save_round(playing.game, 2, [0, 25, 4, 9, 18], engine=5)
    done = make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full")
    save_round(done.game, 1, [3, 0, 11])
    done.game.refresh_from_db()
    end_game(game=done.game, version=done.game.version, actor=KEEPER)
    return {"playing": playing, "done": done.game}


def path_for(kind: str, club) -> str:
    playing = club["playing"].game
    return {
        "home": "/",
        "players": "/players/",
        "player": f"/players/{playing.seats.first().player_id}/",
        "games": "/games/",
        "new game": "/games/new/",
        "game (viewer)": f"/games/{playing.code}/",
        "game (finished)": f"/games/{club['done'].code}/",
        "game (scorekeeper)": f"/games/{playing.code}/keep/{club['playing'].key}/",
        "screen": f"/games/{playing.code}/screen/",
        "rules": "/rules/",
        "rule page": "/rules/mexican-train/",
        "login": "/login/",
    }[kind]


def open_kind(new_page, kind: str, club, **context_options):
    """Open a kind of page as its user meets it (staff for a new game), scripts running."""
    page = new_page(**context_options)
    if kind == "new game":
        log_in(page)
    page.goto(path_for(kind, club))
    if kind.startswith(("game (", "screen")):
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    if kind == "game (scorekeeper)":
        expect(page.get_by_role("button", name="Draw the station double")).to_be_visible()
    return page
