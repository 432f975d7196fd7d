"""Starting a night and following it on a 390×844 phone with touch: every page fits the
screen (no sideways panning) in English, Spanish and French, and its controls are big
enough to tap, and the night page lists each table's standings once. Tap sizes are
checked in English only: the same markup in every language."""

import pytest

from tests.conftest import log_in
from tests.factories import night_of, night_of_sizes, numbered, play_rounds, register
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen

pytestmark = [pytest.mark.browser, pytest.mark.layout]

# Buttons, fields and links that stand on their own (not words inside a sentence).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    "main button, main select, main input:not([type=hidden]), main summary, "
    + ".table-links a, .standing-card h3 a")]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.height < 44 && !(el.type === "checkbox" || el.type === "radio"))
  .map(([el, box]) => `${el.tagName} ${el.name || el.textContent.trim()}: ${box.height}`)"""


# Each standings list shown on the page: the names it lists, in its order.
STANDINGS_SHOWN = """() => [...document.querySelectorAll(".standings-list")]
  .filter((list) => list.getClientRects().length > 0)
  .map((list) => [...list.querySelectorAll(".standing-name")].map((n) => n.textContent.trim()))"""


def check(page, shot: str, language: str = "en") -> None:
    """The page fits the phone; in English, its tap targets too (the same markup in every
    language)."""
    screenshot(page, f"phone-{shot}", full_page=True)
    assert fits_the_screen(page), f"{shot} pans sideways"
    if language == "en":
        assert page.evaluate(SMALL_TARGETS) == [], f"{shot} has small tap targets"


def test_staff_start_a_night_on_a_phone_and_every_page_fits(new_page, staff):
    numbered(9)
    page = new_page(**PHONE)
    log_in(page)

    page.goto("/nights/new/")
    check(page, "new-night")
    page.get_by_label("Name of the night").fill("Phone night")
    page.get_by_label("Mexican Train").check()
    for number in range(1, 10):
        page.get_by_label(f"P{number}", exact=True).check()
    page.get_by_role("button", name="Draw the seats").tap()

    page.wait_for_selector(".seating")
    check(page, "seats")
    assert page.locator(".seating-table").count() == 2
    page.get_by_role("button", name="Start the night").tap()

    page.wait_for_selector(".night-table")
    check(page, "night-staff")
    assert page.locator(".keeper-url").count() == 2


@pytest.mark.parametrize("locale", ["en-GB", "es-ES", "fr-FR"])
def test_the_night_page_and_the_wall_screen_fit_a_phone(new_page, locale):
    new = night_of_sizes(8, 8, 5, ruleset="oll", variant="full")
    play_rounds(new.tables[0].game, 13)
    code = new.night.code

    language = locale[:2]
    page = new_page(f"/nights/{code}/", **PHONE, locale=locale)
    assert page.locator("html").get_attribute("lang") == language
    check(page, f"night-{locale}", language)
    lists = page.evaluate(STANDINGS_SHOWN)
    assert len(lists) == 3, f"each of the 3 tables' standings once, not {len(lists)} lists"
    seated = [sorted(s.player.name for s in table.game.seats.all()) for table in new.tables]
    assert sorted(sorted(names) for names in lists) == sorted(seated)
    page.goto(f"/nights/{code}/screen/")
    check(page, f"wall-{locale}", language)
    page.goto(f"/players/?night={new.night.pk}")
    check(page, f"roster-night-{locale}", language)
    player = new.tables[0].game.seats.first().player
    page.goto(f"/players/{player.pk}/")
    check(page, f"player-{locale}", language)
    page.goto("/games/")
    check(page, f"history-{locale}", language)


def test_the_wall_on_a_phone_keeps_a_wide_grid_in_its_box(new_page):
    # Four long names make the grid wider than the phone; it scrolls in its own box, and
    # what is there for screen readers only (the leader's "leading", off to the right)
    # does not widen the page.
    names = ("Ana María Castellanos", "Wilhelmina", "Maximilian-Alexander", "Bernadette")
    new = night_of(register(*names), register("Jean-Baptiste Poquelin", "Zoe", "Guillermina"))
    play_rounds(new.tables[0].game, 4)  # Bernadette, in the last column, leads

    page = new_page(f"/nights/{new.night.code}/screen/", **PHONE)
    page.wait_for_selector('#live-status[data-state="live"]')
    grid = page.locator(".wall-table .board-scroll").first
    assert grid.evaluate("(box) => box.scrollWidth > box.clientWidth"), "the grid is wider"
    check(page, "wall-wide-grid")
