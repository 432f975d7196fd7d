"""The tournament pages on a 390×844 phone with touch, in English, Spanish and French:
each fits the screen (no sideways panning); in English its controls are big enough to
tap, and axe-core finds no serious or critical violation. The wall screen on a 1920×1080
TV fits, its names at least 36 px, in each language, and passes axe in English.

Tap sizes and axe are checked in English only: they are the same markup in every
language. What Spanish and French change, the words and so the fit, is checked in each."""

import pytest
from playwright.sync_api import expect

from tests.conftest import log_in
from tests.factories import numbered, stage_games, tournament_of
from tests.live.tv import TV
from tests.project.test_accessibility_axe import AXE, RUN_AXE
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen
from tests.tournaments.kit import play_stage

pytestmark = [pytest.mark.browser, pytest.mark.layout]

SMALL_TARGETS = """() => [...document.querySelectorAll(
    "main button, main select, main input:not([type=hidden]), main textarea")]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.height < 44 && !(el.type === "checkbox" || el.type === "radio"))
  .map(([el, box]) => `${el.tagName} ${el.name || el.textContent.trim()}: ${box.height}`)"""

BANDS = ["60–69", "70–79", "80+"]


@pytest.fixture
def played(server):
    """Rotation over three games, 12 players with long names in three bands, game 1 played."""
    names = [f"Bartholomew {n}" for n in range(1, 13)]
    new = tournament_of(
        names[:6], names[6:], table_size=(6, 6), games=3, rounds=1, minutes=60,
        bands_of={name: BANDS[n % 3] for n, name in enumerate(names)}, bands=BANDS,
    )  # fmt: skip
    play_stage(new.stage, {name: [n * 7 % 40] for n, name in enumerate(names)})
    return new.tournament


def check(page, shot: str, language: str) -> None:
    """The page fits the phone; in English, its tap targets and axe too (the same markup
    in every language)."""
    screenshot(page, f"phone-tournament-{shot}", full_page=True)
    assert fits_the_screen(page), f"{shot} pans sideways"
    if language != "en":
        return
    assert page.evaluate(SMALL_TARGETS) == [], f"{shot} has small tap targets"
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == [], f"{shot} has accessibility violations"


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_every_tournament_page_fits_a_phone_and_passes_axe(new_page, staff, played, language):
    numbered(8)
    page = new_page(**PHONE, bypass_csp=True)
    log_in(page)  # in English, then the language switch's cookie speaks `language`
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])

    page.goto("/tournaments/new/")
    assert page.locator("html").get_attribute("lang") == language
    expect(page.locator("textarea[name=apart]")).to_be_visible()
    expect(page.locator("input[name=fixed]")).to_be_visible()
    check(page, f"new-{language}", language)
    page.goto(f"/tournaments/{played.code}/")
    check(page, f"overview-{language}", language)
    page.goto(f"/tournaments/{played.code}/?band=70–79")
    check(page, f"overview-band-{language}", language)
    page.goto(f"/tournaments/{played.code}/?me={played.entrants.first().player_id}")
    expect(page.locator("#my-table-line")).to_be_visible()
    check(page, f"overview-my-table-{language}", language)
    game = stage_games(played.stages.get(number=1))[0]
    page.goto(f"/games/{game.code}/")
    expect(page.locator("#tournament-next .game-over")).to_be_visible()
    check(page, f"table-game-{language}", language)
    page.goto(f"/tournaments/{played.code}/screen/")  # between stages
    check(page, f"wall-{language}", language)
    page.goto(f"/tournaments/{played.code}/")
    page.locator("form[action$='/next/'] button").tap()
    page.wait_for_selector(".seating")
    expect(page.locator(".plan-repeats")).to_be_visible()  # the whole plan's repeats
    check(page, f"next-stage-{language}", language)
    with page.expect_navigation():
        page.locator("button[value=confirm]").tap()
    page.goto(f"/tournaments/{played.code}/screen/")  # find your table
    expect(page.locator(".find-page li")).to_have_count(12)
    check(page, f"wall-find-{language}", language)
    page.goto(f"/tournaments/{played.code}/results/")
    check(page, f"results-{language}", language)
    page.goto(f"/tournaments/{played.code}/stages/1/cards/")
    check(page, f"cards-{language}", language)
    # The staff part: a withdrawal asked first by name, then undone from the overview.
    page.goto(f"/tournaments/{played.code}/")
    picker = page.locator("form[action$='/withdrawals/'] select")
    picker.select_option(label="Bartholomew 1")
    page.locator("form[action$='/withdrawals/'] button").tap()
    expect(page.locator("button[name=step][value=confirm]")).to_be_visible()
    check(page, f"withdraw-asked-{language}", language)
    with page.expect_navigation():
        page.locator("button[name=step][value=confirm]").tap()
    expect(page.locator(".withdrawn button")).to_have_count(1)
    check(page, f"overview-withdrawn-{language}", language)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_wall_screen_fits_a_tv_with_big_names_and_passes_axe(new_page, played, language):
    page = new_page(viewport=TV, bypass_csp=True, language=language)
    page.goto(f"/tournaments/{played.code}/screen/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    screenshot(page, f"tv-tournament-{language}", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    sizes = page.evaluate(
        "[...document.querySelectorAll('.tournament-standings tbody th')]"
        ".map((el) => parseFloat(getComputedStyle(el).fontSize))"
    )
    assert len(sizes) == 12 and min(sizes) >= 36
    if language == "en":  # axe: the same markup in every language
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(RUN_AXE) == []
