"""A stage's table cards as staff print them: four A6 cards to a sheet of A4 when Chromium
prints the page to PDF; the QR code on each card, read from the printed card as a phone's
camera would, opens that table's scorekeeping, and the keeper saves a round with it. On a
390×844 phone, in English, Spanish and French, the page fits the screen; in English its
controls are big enough to tap and it passes axe (the same markup in every language)."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.snapshot import load_board
from tests.camera import read_qr_codes
from tests.conftest import log_in
from tests.factories import seated_names, stage_games, tournament_of
from tests.stats.phone import PHONE
from tests.tournaments.kit import play_stage
from tests.tournaments.test_results_print_on_a4 import pdf_pages
from tests.tournaments.test_tournament_pages_on_a_phone import check
from tournaments.models import Stage

pytestmark = [pytest.mark.browser, pytest.mark.layout]

NAMES = [f"Entrant {n}" for n in range(1, 19)]
A4_AT_96_DPI = {"width": 794, "height": 1123}


@pytest.fixture
def game_one_played(server, staff):
    """Rotation at tables of three: 18 entrants, so game 2 seats six tables."""
    new = tournament_of(
        *[NAMES[i : i + 3] for i in range(0, 18, 3)], table_size=(3, 3), games=2, rounds=1
    )
    play_stage(new.stage, {name: [n * 7 % 40] for n, name in enumerate(NAMES)})
    return new.tournament


def test_six_tables_print_on_two_sheets_and_each_code_opens_its_tables_keeper(
    new_page, server, game_one_played
):
    code = game_one_played.code
    page = new_page()
    log_in(page, to=f"/tournaments/{code}/")
    page.get_by_role("button", name="Draw the next stage's seats").click()
    page.get_by_role("button", name="Seat Game 2").click()
    expect(page.get_by_text("Game 2 is seated.")).to_be_visible()

    # The browser that seated the stage prints its cards: every key is known here.
    page.goto(f"/tournaments/{code}/stages/2/cards/")
    cards = page.locator(".table-card")
    expect(cards).to_have_count(6)
    expect(page.locator(".card-no-key")).to_have_count(0)
    assert pdf_pages(page.pdf(format="A4")) == 2

    # Read each card as printed, at its printed size.
    page.emulate_media(media="print")
    page.set_viewport_size(A4_AT_96_DPI)
    sheets = page.locator(".card-sheet")
    assert [sheets.nth(i).locator(".table-card").count() for i in range(2)] == [4, 2]
    box = cards.first.bounding_box()
    assert round(box["width"] / 96 * 25.4) == 105 and round(box["height"] / 96 * 25.4) == 148
    games = stage_games(Stage.objects.get(tournament=game_one_played, number=2))
    links = {}
    for i, game in enumerate(games):
        card = cards.nth(i)
        expect(card.get_by_role("heading", level=2)).to_have_text(f"Table {i + 1}")
        expect(card.locator(".card-seats li")).to_have_text(seated_names(game))
        key = card.locator("code.key").inner_text()
        (link,) = read_qr_codes(card.locator(".card-qr").screenshot())
        assert link == f"{server.url}/games/{game.code}/keep/{key}/"
        links[game.code] = link

    # The keeper at table 3 scans the card with their own phone, and keeps score.
    game = games[2]
    keeper = new_page(links[game.code], **PHONE)
    expect(keeper.get_by_text("This browser now keeps score for this game.")).to_be_visible()
    for n, name in enumerate(seated_names(game)):
        keeper.get_by_label(name, exact=True).fill(str(5 + n))
    keeper.get_by_label("Station double").select_option("12")
    keeper.get_by_role("button", name="Save round 1").click()
    expect(keeper.locator("#keeper-status")).to_have_text("Round 1 saved.")
    board = load_board(Game.objects.get(pk=game.pk))
    assert [board.scores[1][s.player.id] for s in board.standings] == [5, 6, 7]


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_cards_page_fits_a_phone_and_passes_axe(new_page, staff, game_one_played, language):
    page = new_page(**PHONE, bypass_csp=True)
    log_in(page)  # in English, then the language switch's cookie speaks `language`
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.goto(f"/tournaments/{game_one_played.code}/stages/1/cards/")
    assert page.locator("html").get_attribute("lang") == language
    # Another browser seated the stage: this one shows the same keys.
    expect(page.locator(".card-qr svg")).to_have_count(6)
    expect(page.locator(".card-no-key")).to_have_count(0)
    check(page, f"cards-{language}", language)
    with page.expect_navigation():
        page.locator(".cards-new-keys button").tap()
    # Asked first, in words: the printed cards would stop working.
    check(page, f"cards-new-links-asked-{language}", language)
    with page.expect_navigation():
        page.locator("button[name=step][value=confirm]").tap()
    expect(page.locator(".card-qr svg")).to_have_count(6)
    assert re.fullmatch(r"[\w-]{24}", page.locator("code.key").first.inner_text())
    check(page, f"cards-new-links-{language}", language)
