"""A game kept on a 390×844 phone (mobile, touch) with 2, 5 and 8 long names.

From the scorekeeper link, every score input, the double and Save are on the first
screen without scrolling, and in English, Spanish and French no player's name on the
round's rows is broken inside a word (the pip counter is an icon with its words for
screen readers). No page of the game (board, scorekeeper, screen) is ever
wider than the phone, before and after saves, also while a live update swaps the board
and on a 320 or 430 px phone. Nothing fixed covers a control at any scroll position.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.factories import LONG_NAMES, LONGER_NAMES, make_game
from tests.live.conftest import api_save
from tests.screenshots import screenshot
from tests.stats.phone import PHONE
from tests.whole_words import SHOWN_LINES, words_cut

pytestmark = [pytest.mark.browser, pytest.mark.layout]

# The widest the page got past the screen since it loaded, checked after every change to
# the page and every resize once it is drawn with its styles, so a board that is too wide
# for a moment during a live swap is caught too (a check on every animation frame kept
# each open page drawing 60 frames a second).
WATCH_WIDTH = """
window.overflowSeen = 0;
const watch = () => {
  const past = document.documentElement.scrollWidth - screen.width;
  window.overflowSeen = Math.max(window.overflowSeen, past);
};
addEventListener("load", () => {  // from the page as drawn with its styles
  watch();
  new MutationObserver(watch).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  addEventListener("resize", watch);
});
"""

# The round's controls a scorekeeper needs, and whether each is inside the window as the
# scorekeeper link opens the page (nothing scrolled by hand).
OFF_SCREEN = """() => {
  const form = document.getElementById("round-form");
  const wanted = [
    form.querySelector("select[name=engine]"), form.querySelector("[data-draw]"),
    ...form.querySelectorAll("input.score"), form.querySelector("[type=submit]"),
  ];
  return wanted.filter((el) => {
    const box = el.getBoundingClientRect();
    return !(box.width > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth);
  }).map((el) => el.name || el.textContent.trim());
}"""

# Every fixed (or sticky) box that overlaps an input, button, select or link-button,
# at each half-screen scroll position from the top of the page to its end.
FIXED_OVER_CONTROLS = """() => {
  const shown = (el) => el.getClientRects().length > 0;
  const controls = [...document.querySelectorAll(
    "input:not([type=hidden]), button, select, textarea, summary, a.button, a[href]"
  )].filter(shown);
  const pinned = [...document.querySelectorAll("body *")].filter(
    (el) => ["fixed", "sticky"].includes(getComputedStyle(el).position) && shown(el)
  );
  const hits = [];
  const start = window.scrollY;
  for (let y = 0; ; y += innerHeight / 2) {
    window.scrollTo(0, y);
    for (const pin of pinned) {
      const a = pin.getBoundingClientRect();
      for (const control of controls) {
        if (pin.contains(control) || control.contains(pin)) continue;
        const b = control.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          const what = control.textContent.trim() || control.name;
          hits.push(`${pin.tagName}.${pin.className} over "${what}" at ${y}`);
        }
      }
    }
    if (y + innerHeight >= document.documentElement.scrollHeight) break;
  }
  window.scrollTo(0, start);
  return hits;
}"""


def open_phone(new_page, path, **options):
    page = new_page(**PHONE, **options)
    page.add_init_script(WATCH_WIDTH)
    page.goto(path)
    return page


def wider_than_the_phone(page) -> list[str]:
    """What makes the page wider than the phone, now or at any frame since it loaded."""
    width = page.viewport_size["width"]
    problems = []
    now = page.evaluate("document.documentElement.scrollWidth")
    if now > width:
        problems.append(f"{page.url} is {now} px wide on a {width} px phone")
    seen = page.evaluate("window.overflowSeen")
    if seen > 0:
        problems.append(f"{page.url} was {seen} px wider than the phone at some moment")
    return problems


def shown_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_round_fits_one_phone_screen_and_no_page_pans_sideways(new_page, server, players):
    new = make_game(names=LONG_NAMES[:players], ruleset="mexican-train", variant=None)
    game, keep_link = new.game, f"/games/{new.game.code}/keep/{new.key}/"

    keeper = open_phone(new_page, keep_link)
    draw = keeper.get_by_role("button", name="Draw the station double")
    expect(draw).to_be_visible()
    screenshot(keeper, f"keeper-phone-{players}-before")
    assert keeper.evaluate(OFF_SCREEN) == []
    viewer = open_phone(new_page, f"/games/{game.code}/")
    screen = open_phone(new_page, f"/games/{game.code}/screen/")
    pages = (keeper, viewer, screen)
    for page in (viewer, screen):
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert [p for page in pages for p in wider_than_the_phone(page)] == []
    assert [h for page in pages for h in page.evaluate(FIXED_OVER_CONTROLS)] == []

    # Round 1 on the phone: one tap to draw, the points, Save.
    draw.click()
    for seat, name in enumerate(LONG_NAMES[:players]):
        keeper.get_by_label(name, exact=True).fill(str(100 + 37 * seat))
    keeper.get_by_role("button", name="Save round 1").click()
    expect(keeper.locator("#keeper-status")).to_have_text("Round 1 saved.")

    # Rounds 2 and 3 from another device: every page swaps its board live.
    snapshot = keeper.request.get(f"/api/games/{game.code}").json()
    drawn = {r["engine"] for r in snapshot["rounds"]}
    engines = [e for e in range(12, -1, -1) if e not in drawn]
    for number in (2, 3):
        values = [1000 - 111 * seat - number for seat in range(players)]
        snapshot = api_save(
            server.url, game, new.key, number, values, engines[number - 2], snapshot["version"]
        )
    for page in pages:
        # A function, not an expression: Playwright evals an expression in the page,
        # which the Content-Security-Policy forbids.
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) >= "
            f"{snapshot['version']}"
        )
    expect(viewer.locator("#board .board-grid tbody tr")).to_have_count(3)
    screenshot(viewer, f"viewer-phone-{players}-after")
    assert [p for page in pages for p in wider_than_the_phone(page)] == []
    assert [h for page in pages for h in page.evaluate(FIXED_OVER_CONTROLS)] == []

    # The scorekeeper link again, for round 4: still one screen.
    keeper.goto(keep_link)
    expect(keeper.get_by_role("button", name="Save round 4")).to_be_visible()
    expect(keeper.get_by_role("button", name="Draw the station double")).to_be_visible()
    screenshot(keeper, f"keeper-phone-{players}-after")
    assert keeper.evaluate(OFF_SCREEN) == []
    assert keeper.evaluate(FIXED_OVER_CONTROLS) == []

    # The narrowest and the widest phones the club has seen.
    for width in (320, 430):
        for page in pages:
            page.set_viewport_size({"width": width, "height": 844})
            page.reload()
            expect(page.locator("#board")).to_be_attached()
        assert [p for page in pages for p in wider_than_the_phone(page)] == []


@pytest.mark.parametrize("locale", ["en-GB", "es-ES", "fr-FR"])
def test_every_name_of_the_round_reads_whole_in_every_language(new_page, server, locale):
    new = make_game(names=LONGER_NAMES, ruleset="mexican-train", variant=None)
    language = locale[:2]

    keeper = open_phone(new_page, f"/games/{new.game.code}/keep/{new.key}/", locale=locale)
    assert keeper.locator("html").get_attribute("lang") == language
    expect(keeper.locator("#round-form [data-draw]")).to_be_visible()
    screenshot(keeper, f"keeper-phone-longer-names-{language}")

    names = keeper.evaluate(SHOWN_LINES, "#round-form .score-field label")
    assert sorted(name["shown"] for name in names) == sorted(LONGER_NAMES)
    cut = {name["shown"]: name["lines"] for name in names if words_cut(name)}
    assert cut == {}, f"names broken inside a word in {language}"
    assert keeper.evaluate(OFF_SCREEN) == []
    assert wider_than_the_phone(keeper) == []
    # The pip counter says what it does, in the reader's language, to screen readers.
    with translation.override(language):
        count = translation.gettext("Count pips for %(name)s") % {"name": "Konstantinopoulos"}
    keeper.get_by_role("button", name=count, exact=True).tap()
    expect(keeper.get_by_role("dialog", name=count)).to_be_visible()
