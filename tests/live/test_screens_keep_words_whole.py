"""On the walls and screens at 1920×1080, in French and Spanish, no word is broken inside:
a line ends only at a space or after a hyphen, as the language writes it ("vainqueur"
never becomes "vainqu / eur"). Measured per word with Range.getClientRects, and the page
says its language (`<html lang>`) so that CSS hyphenation (`hyphens: auto`), where a
browser has it, follows that language's rules; nothing shown asks the browser to break a
word anywhere (except a name names.js has no short form for, a link's address and a
command line)."""

import pytest

from tests.factories import (
    end,
    night_of,
    play_out,
    play_rounds,
    register,
    stage_games,
    tournament_of,
)
from tests.live.tv import TV
from tests.screenshots import screenshot
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

# Eight names as clubs in Spain and France write them: accents, a hyphen, eleven letters.
NAMES = (
    "Éléonore",
    "Ángeles",
    "Bartolomé",
    "Maximiliano",
    "Françoise",
    "Jean-Sébastien",
    "Guillermina",
    "Inmaculada",
)

# Every word of every shown text under `scope` drawn on more than one line: its text, the
# element's class and the lines' tops. A word runs to a space or just after a hyphen.
BROKEN_WORDS = """(scope) => {
  const broken = [];
  for (const root of document.querySelectorAll(scope)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element.getClientRects().length) continue;
      if (element.closest(".visually-hidden, template, [hidden], svg, .share-url")) continue;
      for (const word of node.data.matchAll(/[^\\s\\-\u2010]+[\\-\u2010]?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()]
          .filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (tops.size > 1) {
          broken.push({word: word[0], text: node.data.trim(), in: element.className});
        }
      }
    }
  }
  return broken;
}"""

# Every shown element under `scope` with text of its own that lets the browser break a
# word wherever it likes, but a name names.js could not shorten and a link's address.
BREAKS_ANYWHERE = """(scope) => [...document.querySelectorAll(`${scope} *`)]
  .filter((element) => element.getClientRects().length > 0)
  .filter((element) => [...element.childNodes].some((n) => n.nodeType === 3 && n.data.trim()))
  .filter((element) => !element.closest(".broken-name, .share-url, .url, code, .visually-hidden"))
  .map((element) => [element, getComputedStyle(element)])
  .filter(([, style]) => style.overflowWrap === "anywhere" || style.wordBreak === "break-all"
    || style.wordBreak === "break-word")
  .map(([element, style]) => `${element.className || element.tagName} "${element.textContent.trim()
    .slice(0, 30)}": overflow-wrap ${style.overflowWrap}, word-break ${style.wordBreak}`)"""

# The grid's cells whose text spills out of them, and the winner marks out of their cell.
SPILLS = """(scope) => [...document.querySelectorAll(`${scope} .board-grid :is(td, th, .winner)`)]
  .filter((element) => element.getClientRects().length > 0)
  .filter((element) => {
    const cell = element.closest("td, th");
    if (element === cell) return element.scrollWidth > element.clientWidth + 0.5;
    const [inner, outer] = [element.getBoundingClientRect(), cell.getBoundingClientRect()];
    return inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
  })
  .map((element) => `${element.className || element.tagName} "${element.textContent.trim()}"`)"""

HYPHENS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((element) => element.getClientRects().length > 0)
  .map((element) => getComputedStyle(element).hyphens)"""


def a_night_at(tables: int):
    """Tables of eight over thirteen rounds; the odd ones ended, their winners marked
    ("vainqueur", "ganó")."""
    tables = [register(*(f"{name} {n}" for name in NAMES)) for n in range(1, tables + 1)]
    new = night_of(*tables, ruleset="oll", variant="full")
    for seed, table in enumerate(new.tables):
        play_rounds(table.game, 13, seed=seed)
    for table in new.tables[::2]:
        end(table.game)
    return new


def check_words_whole(page, scope: str) -> None:
    assert page.evaluate("() => document.documentElement.lang") in ("fr", "es")
    broken = page.evaluate(BROKEN_WORDS, scope)
    assert broken == [], f"words broken inside: {broken[:10]}"
    anywhere = page.evaluate(BREAKS_ANYWHERE, scope)
    assert anywhere == [], f"{len(anywhere)} may break a word anywhere: {anywhere[:10]}"
    spills = page.evaluate(SPILLS, scope)
    assert spills == [], f"cut off instead: {spills}"


@pytest.mark.parametrize("tables", [1, 2, 4])
@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_walls_grids_and_outcomes_keep_every_word_whole(new_page, language, tables):
    new = a_night_at(tables)

    page = new_page(f"/nights/{new.night.code}/screen/", viewport=TV, language=language)
    page.wait_for_selector("#live-status[data-state]")
    screenshot(page, f"wall-words-{language}-{tables}")

    winners = page.locator(".wall-table .board-grid .places .winner")
    assert winners.count() == len(new.tables[::2]), "the ended tables mark their winners"
    check_words_whole(page, ".wall")
    hyphens = page.evaluate(HYPHENS, ".wall-table .board-grid td, .wall-table .outcome")
    assert set(hyphens) == {"auto"}, "hyphenated, if at all, by the language's rules"


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_big_screen_keeps_every_word_whole(new_page, language):
    game = a_night_at(1).tables[0].game

    page = new_page(f"/games/{game.code}/screen/", viewport=TV, language=language)
    page.wait_for_selector("#live-status[data-state]")
    screenshot(page, f"screen-words-{language}")

    assert page.locator("#board .board-grid .places .winner").count() == 1
    check_words_whole(page, ".screen")
    hyphens = page.evaluate(HYPHENS, "#board .board-grid td")
    assert set(hyphens) == {"auto"}


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_tournaments_wall_keeps_every_word_whole(new_page, language):
    new = tournament_of(NAMES[:4], NAMES[4:], games=2, rounds=2)
    ended, playing = stage_games(new.stage)
    play_out(ended, [10, 2, 30, 7], [5, 0, 6, 9])
    play_out(playing, [3, 0, 12, 8], end=False)

    page = new_page(f"/tournaments/{new.tournament.code}/screen/", viewport=TV, language=language)
    page.wait_for_selector("#live-status[data-state]")
    screenshot(page, f"tournament-wall-words-{language}")

    assert page.locator(".wall-table .board-grid .places .winner").count() == 1
    check_words_whole(page, "#tournament-wall")


@pytest.mark.parametrize("path", ["/games/{game}/screen/", "/nights/{night}/screen/"])
def test_on_a_phone_the_winners_word_is_whole_and_not_shrunk(new_page, path):
    new = a_night_at(1)
    page = new_page(path.format(game=new.tables[0].game.code, night=new.night.code),
                    **PHONE, language="fr")  # fmt: skip
    page.wait_for_selector("#live-status[data-state]")

    winner = page.locator(".board-grid .places .winner")
    assert winner.inner_text() == "vainqueur"
    sizes = winner.evaluate("""(element) => [element, element.closest("td")]
      .map((shown) => getComputedStyle(shown).fontSize)""")
    assert sizes[0] == sizes[1], "the grid scrolls there: the word keeps its place's size"
    assert page.evaluate(BROKEN_WORDS, ".board-grid") == []
