"""Two scorekeepers on one game: an untouched form follows the other device's saves,
and a form with typing in it is never silently overwritten nor overwrites."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.snapshot import load_board
from games.starting import start_game
from players.models import Player

pytestmark = pytest.mark.browser


def keeper_page(new_page, game, key):
    page = new_page(f"/games/{game.code}/keep/{key}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def save(page, number: int, ann: int, bob: int, engine: str) -> None:
    page.get_by_label("Ann", exact=True).fill(str(ann))
    page.get_by_label("Bob", exact=True).fill(str(bob))
    page.get_by_label("Station double").select_option(engine)
    page.get_by_role("button", name=f"Save round {number}").click()


def test_it_follows_while_untouched_and_refuses_a_stale_typed_save(new_page, server):
    players = [Player.objects.create(name=n) for n in ("Ann", "Bob")]
    started = start_game(ruleset="mexican-train", variant=None, players=players)
    game = started.game
    first = keeper_page(new_page, game, started.key)
    second = keeper_page(new_page, game, started.key)

    save(second, 1, 0, 12, "12")
    expect(second.locator("#keeper-status")).to_have_text("Round 1 saved.")
    # The first device typed nothing: its form moves on to round 2 on the new version.
    expect(first.get_by_role("button", name="Save round 2")).to_be_visible()
    expect(first.locator("#round-form input[name=version]")).to_have_value("2")
    expect(first.locator("#board tr.totals td")).to_have_text(["0", "12"])

    # Now the first device types round 2 while the second saves it.
    first.get_by_label("Ann", exact=True).fill("3")
    first.get_by_label("Bob", exact=True).fill("4")
    first.get_by_label("Station double").select_option("5")
    save(second, 2, 20, 0, "9")
    expect(first.locator("#board tr.totals td")).to_have_text(["20", "12"])
    expect(first.locator("#keeper-status")).to_contain_text("What you typed is kept")
    expect(first.get_by_label("Ann", exact=True)).to_have_value("3")
    expect(first.locator("#round-form input[name=version]")).to_have_value("2")

    first.get_by_role("button", name="Save round 2").click()
    expect(first.locator("#keeper-status")).to_have_text(
        "Round 2 was saved from another device a moment ago — here is the latest."
    )
    expect(first.get_by_label("Ann", exact=True)).to_have_value("20")
    expect(first.get_by_label("Station double")).to_have_value("9")
    board = load_board(Game.objects.get(pk=game.pk))
    assert board.scores[2] == {players[0].pk: 20, players[1].pk: 0}
    assert board.game.version == 3
