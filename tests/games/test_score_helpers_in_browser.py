"""The helpers next to the score fields put their points on the right players."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.snapshot import load_board
from games.starting import start_game
from players.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.layout]


def keeping(new_page, ruleset, variant, names):
    players = [Player.objects.create(name=n) for n in names]
    started = start_game(ruleset=ruleset, variant=variant, players=players)
    page = new_page(f"/games/{started.game.code}/keep/{started.key}/")
    return page, started.game, {p.name: p.pk for p in players}


def test_it_adds_a_derailing_penalty_to_the_derailed_train_owner(new_page, server):
    page, game, ids = keeping(new_page, "derailing", None, ["Ann", "Bob", "Cy"])
    for name, pips in (("Ann", 0), ("Bob", 10), ("Cy", 7)):
        page.get_by_label(name, exact=True).fill(str(pips))
    page.get_by_label("Platform").select_option("9")

    page.get_by_role("button", name="Went out by derailing").click()
    dialog = page.get_by_role("dialog", name="Went out by derailing")
    dialog.get_by_label("Who went out").select_option(label="Ann")
    dialog.get_by_label("Whose train was derailed").select_option(label="Bob")
    dialog.get_by_label("The last tile played").select_option(label="6|6")
    expect(dialog.locator(".derail-preview")).to_have_text("Adds 12 to Bob.")
    dialog.get_by_role("button", name="Add to the scores").click()
    expect(page.get_by_label("Bob", exact=True)).to_have_value("22")
    expect(page.get_by_label("Cy", exact=True)).to_have_value("7")
    expect(page.get_by_label("Ann", exact=True)).to_have_value("0")

    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#keeper-status")).to_have_text("Round 1 saved.")
    board = load_board(Game.objects.get(pk=game.pk))
    assert board.scores[1] == {ids["Ann"]: 0, ids["Bob"]: 22, ids["Cy"]: 7}


def test_it_adds_a_community_train_derailing_to_everyone_but_who_went_out(new_page, server):
    page, game, ids = keeping(new_page, "derailing", None, ["Ann", "Bob", "Cy"])
    for name, pips in (("Ann", 4), ("Bob", 0), ("Cy", 1)):
        page.get_by_label(name, exact=True).fill(str(pips))
    page.get_by_role("button", name="Went out by derailing").click()
    dialog = page.get_by_role("dialog", name="Went out by derailing")
    dialog.get_by_label("Who went out").select_option(label="Bob")
    dialog.get_by_label("Whose train was derailed").select_option(label="The community train")
    dialog.get_by_label("The last tile played").select_option(label="3|3")
    expect(dialog.locator(".derail-preview")).to_have_text("Adds 6 to Ann, 6 to Cy.")
    dialog.get_by_role("button", name="Add to the scores").click()
    expect(page.get_by_label("Ann", exact=True)).to_have_value("10")
    expect(page.get_by_label("Bob", exact=True)).to_have_value("0")
    expect(page.get_by_label("Cy", exact=True)).to_have_value("7")


def test_it_adds_number_9_turns_to_the_players_round(new_page, server):
    page, game, ids = keeping(new_page, "number-9", None, ["Ann", "Bob"])
    expect(page.get_by_label("Starting double")).to_have_count(0)  # not recorded here

    page.get_by_role("button", name="Add a turn for Ann").click()
    dialog = page.get_by_role("dialog", name="Add a turn for Ann")
    dialog.get_by_label("Dominoes played this turn").fill("3")
    dialog.get_by_label("Started a new train at the hub").check()
    expect(dialog.locator(".turn-preview")).to_have_text("This turn scores 11 points.")
    dialog.get_by_role("button", name="Add 11 to Ann").click()
    page.get_by_role("button", name="Add a turn for Ann").click()
    dialog.get_by_label("Sweep onto a train").check()
    expect(dialog.locator(".turn-preview")).to_have_text("This turn scores 32 points.")
    dialog.get_by_role("button", name="Add 32 to Ann").click()
    expect(page.get_by_label("Ann", exact=True)).to_have_value("43")

    page.get_by_label("Bob", exact=True).fill("2")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#keeper-status")).to_have_text("Round 1 saved.")
    expect(page.locator("#board tr.places td")).to_contain_text(["1st", "2nd"])
