"""A browser that asks for Spanish or French gets every page in it: no English sentence
on the home page, a game's board, the scorekeeper's page (a refused save's sentence
included), the big screen, the night's wall, the players page and a rule page, and
`<html lang>` says which language it is."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_game, night_of_sizes, save_round

pytestmark = [pytest.mark.browser, pytest.mark.words]

LOCALES = {"es": "es-ES", "fr": "fr-FR"}

ENGLISH = [
    # Every page: the menu, the switch, sign-in.
    "Skip to content",
    "Games",
    "Players",
    "Rules",
    "Log in",
    "Language",
    # A board: the summary, the grid, the standings, the chart.
    "total wins",
    "Round",
    "Place",
    "next",
    "Standings",
    "Scores by round",
    "leading",
    "Running totals",
    # The scorekeeper's page.
    "Save round",
    "Station double",
    "Count pips",
    "Enter",
    "score for round",
    "Undo",
    "Scorekeeper",
    # The screens.
    "Follow on your phone",
    "Full screen",
    # The players page and a rule page.
    "Wins",
    "Register",
    "At the table",
    "players",
    "tiles",
    "each",
    "Mexican Train",
    "station",
    "double blank",
    "Lowest",
]
"""English words and phrases these pages show in English (checked there below)."""


def words_shown(page) -> str:
    """The page's text and the names and hints it gives to screen readers and pointers."""
    return page.evaluate(
        """() => [document.body.innerText,
                  ...[...document.querySelectorAll("[aria-label],[title],[alt],[placeholder]")]
                     .flatMap(e => ["aria-label", "title", "alt", "placeholder"]
                     .map(a => e.getAttribute(a) || ""))].join("\\n")"""
    )


def english_in(text: str) -> list[str]:
    return [phrase for phrase in ENGLISH if re.search(rf"\b{re.escape(phrase)}\b", text)]


@pytest.fixture
def evening(server):
    """A Mexican Train game two rounds in, and a night of two tables."""
    started = make_game(ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [0, 12, 30], engine=12)
    save_round(started.game, 2, [5, 0, 8], engine=7)
    night = night_of_sizes(3, 3)
    return started, night


def pages(started, night) -> dict[str, str]:
    code = started.game.code
    return {
        "home": "/",
        "board": f"/games/{code}/",
        "screen": f"/games/{code}/screen/",
        "wall": f"/nights/{night.night.code}/screen/",
        "players": "/players/",
        "rule page": "/rules/mexican-train/",
    }


def refused_save(page) -> str:
    """Enter only the first player's score and press Save: the sentence it is refused with."""
    page.locator("#round-form input[type=number]").first.fill("7")
    page.locator("#round-form button[type=submit]").first.click()
    said = page.locator(".field-error, .form-error, #keeper-status")
    error = said.filter(has_text=re.compile(r"\w"))
    expect(error.first).to_be_visible()
    return error.first.inner_text()


def walk(page, started, night):
    """Each page in turn in the one browser (a language's reader opens them all): its
    name and `<html lang>`, then the words it shows."""
    for name, path in pages(started, night).items():
        page.goto(path)
        yield name, page.locator("html").get_attribute("lang"), words_shown(page)


def test_the_same_pages_in_english_show_the_phrases_looked_for(new_page, evening):
    """The check below can fail: in English these pages show every phrase of the list."""
    started, night = evening
    page = new_page(locale="en-GB")
    seen = ""
    for name, lang, words in walk(page, started, night):
        assert lang == "en", name
        seen += words
    page.goto(f"/games/{started.game.code}/keep/{started.key}/")
    refused_save(page)
    seen += words_shown(page)
    assert set(english_in(seen)) == set(ENGLISH)


@pytest.mark.parametrize("language", LOCALES)
def test_every_page_speaks_the_browsers_language(new_page, evening, language):
    started, night = evening
    page = new_page(locale=LOCALES[language])
    for name, lang, words in walk(page, started, night):
        assert lang == language, name
        assert english_in(words) == [], name
    page.goto(f"/games/{started.game.code}/keep/{started.key}/")
    assert page.locator("html").get_attribute("lang") == language
    sentence = refused_save(page)
    assert english_in(sentence) == [], sentence
    assert english_in(words_shown(page)) == []
