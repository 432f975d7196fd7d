"""The tournament's wall at 1920×1080 in the room, phase by phase: "Find your table" (64
long names on one screen, none cut inside a word), the stage's tables with the clock large
in the header, "Last round" once time is called, the standings between stages, the next
seats, the podium. Every change reaches the open wall over its one socket, made through
the running server as staff and scorekeepers make it; the stage's clock is moved (the
clock injected) only to run out without waiting, and the first save after it calls time."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from games.starting import replace_key
from tests.conftest import log_in
from tests.factories import play_rounds, seated_names, stage_games, tournament_of
from tests.live.conftest import api_save
from tests.live.tv import EIGHT, TV
from tests.nights.wall_geometry import CUT_OFF, SHOWN_TABLES
from tests.project.test_accessibility_axe import AXE, RUN_AXE
from tests.screenshots import screenshot
from tests.tournaments.test_overview_follows_changes_in_browser import api_end
from tournaments.clock import start_clock
from tournaments.models import Stage

pytestmark = pytest.mark.browser

# Sixty-four names of 22 to 33 characters, each with a word of 11 or more letters.
FIRST = ["Bartholomew", "Maximiliana", "Christopher", "Evangelina", "Konstantinos", "Gwendolyn",
         "Alexandrina", "Francesca"]  # fmt: skip
LAST = ["Featherstonehaugh", "Papadopoulos-Ruiz", "Vandenberghe", "Oyelaran-Smith",
        "Montmorency", "Szczepanski", "Castellanos", "Wolfeschlegel"]  # fmt: skip
LONG_NAMES = [f"{first} {last}" for last in LAST for first in FIRST]

# Where each name's words sit: a word cut across two lines has two boxes. A name may
# break at its spaces and after a hyphen (as the night's wall: names.js), nowhere else.
WORDS_CUT = """() => [...document.querySelectorAll(".find-page:not([hidden]) .find-name")]
  .flatMap((name) => {
    const text = name.firstChild;
    return [...text.data.matchAll(/[^\\s-]+-?/g)].filter((word) => {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1;
    }).map((word) => word[0]);
  })"""

OUTSIDE = """() => [...document.querySelectorAll(".find-page:not([hidden]) li")]
  .map((li) => [li.textContent, li.getBoundingClientRect()])
  .filter(([, box]) => box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5
                       || box.width === 0)
  .map(([text]) => text)"""


@pytest.mark.layout
def test_find_your_table_fits_64_long_names_on_one_screen(new_page):
    tables = [LONG_NAMES[n : n + 8] for n in range(0, 64, 8)]
    new = tournament_of(*tables, table_size=(8, 8), games=2, rounds=1)
    page = new_page(f"/tournaments/{new.tournament.code}/screen/", viewport=TV)
    expect(page.locator(".find-heading")).to_have_text("Find your table for Game 1")
    entries = page.locator(".find-page li")
    expect(entries).to_have_count(64)
    names = entries.locator(".find-name").all_inner_texts()
    assert names == sorted(LONG_NAMES, key=str.casefold)
    # Each with their own table.
    at = dict(zip(names, entries.locator(".find-at").all_inner_texts(), strict=True))
    for number, game in enumerate(stage_games(new.stage), start=1):
        assert {at[name] for name in seated_names(game)} == {f"Table {number}"}
    screenshot(page, "tv-find-your-table")
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(WORDS_CUT) == []
    sizes = page.evaluate(
        "[...document.querySelectorAll('.find-name')]"
        ".map((name) => parseFloat(getComputedStyle(name).fontSize))"
    )
    assert min(sizes) >= 24
    expect(page.locator("#wall-paging")).to_be_hidden()  # one page: nothing turns
    expect(page.locator("#wall-clock")).to_be_hidden()


FETCHES_OF_THE_WALL = """() => performance.getEntriesByType("resource")
  .filter((entry) => new URL(entry.name).pathname.endsWith("/screen/")).length"""


def run_out(stage) -> None:
    """The clock injected: the stage's time runs out now (after every round saved so far:
    the round after them is the last)."""
    ends = timezone.now()
    Stage.objects.filter(pk=stage.pk).update(ends=ends)
    Game.objects.filter(night_table__night=stage.night_id).update(deadline=ends)


def test_the_wall_follows_a_stage_from_its_seats_to_the_podium(new_page, server, staff):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, rounds=2,
        minutes=30, bands_of={"Ann": "Juniors", "Di": "Juniors"}, bands=["Juniors"],
    )  # fmt: skip
    code = new.tournament.code
    desk = new_page()
    log_in(desk)
    wall = new_page(f"/tournaments/{code}/screen/", viewport=TV, bypass_csp=True)
    expect(wall.locator(".find-heading")).to_have_text("Find your table for Game 1")
    wall.add_script_tag(path=str(AXE))
    assert wall.evaluate(RUN_AXE) == []
    expect(wall.locator("#live-status")).to_have_attribute("data-state", "live")
    wall.evaluate("window.notReloaded = true")

    # Staff start the clock: the tables, and the clock counting down from 30:00.
    desk.goto(f"/tournaments/{code}/")
    desk.get_by_role("button", name="Start the clock of Game 1").click()
    tables = wall.locator(".wall-table")
    expect(tables).to_have_count(2)
    expect(wall.locator("#wall-clock-stage")).to_have_text("Game 1")
    clock = wall.locator("#wall-clock")
    expect(clock).to_have_text(re.compile(r"^(29:[0-5]\d|30:00)$"))
    expect(clock).not_to_have_text(clock.inner_text())  # it counts down

    # A round saved at table 1 lands on its board.
    first, second = new.tables
    first.game.refresh_from_db()  # the clock gave it its deadline
    api_save(server.url, first.game, first.key, 1, [5, 0, 9], 12, first.game.version)
    expect(tables.nth(0).locator(".board-grid tbody tr")).to_have_count(1)

    # Time is called: the clock says it is the last round. The tables' boards come once
    # per change for every screen: the wall does not fetch itself again to draw them.
    # Table 1's round in play when time ran out (its second) is its last: saving it, the
    # first save after the deadline, ends it and calls time on every table.
    fetched = wall.evaluate(FETCHES_OF_THE_WALL)
    run_out(new.stage)
    first.game.refresh_from_db()
    api_save(server.url, first.game, first.key, 2, [1, 2, 3], 11, first.game.version)
    expect(clock).to_have_text("Last round")
    expect(tables.nth(1).locator(".last-round")).to_have_text("Last round")
    expect(tables.nth(0).locator(".board")).to_have_attribute("data-status", "finished")
    screenshot(wall, "tv-last-round")
    assert wall.evaluate(RUN_AXE) == []
    assert wall.evaluate(FETCHES_OF_THE_WALL) == fetched

    # The last round saved at table 2: every table has ended; the standings and the
    # band's leader.
    second.game.refresh_from_db()
    api_save(server.url, second.game, second.key, 1, [4, 0, 2], 12, second.game.version)
    expect(wall.locator(".wall-standings .tournament-standings tbody tr")).to_have_count(6)
    expect(clock).to_be_hidden()
    leaders = wall.locator(".band-leaders li")
    expect(leaders).to_have_count(1)
    expect(leaders.nth(0)).to_contain_text("Juniors")

    # Staff seat game 2: everyone finds their new table.
    desk.goto(f"/tournaments/{code}/")
    desk.get_by_role("button", name="Draw the next stage's seats").click()
    desk.get_by_role("button", name="Seat Game 2").click()
    expect(wall.locator(".find-heading")).to_have_text("Find your table for Game 2")
    expect(wall.locator(".find-page li")).to_have_count(6)

    # Game 2 played out: the podium, overall and for the band.
    stage = new.tournament.stages.get(number=2)
    for game in stage_games(stage):
        key = replace_key(game=game)
        api_save(server.url, game, key, 1, [3, 1, 2], 12, game.version)
        api_end(server.url, game.code, key)
    expect(wall.locator(".medal-group")).to_have_count(2)
    expect(wall.locator(".medal-group").nth(0).locator(".medal")).to_have_count(3)
    screenshot(wall, "tv-podium")
    assert wall.evaluate(RUN_AXE) == []
    assert wall.evaluate("window.notReloaded") is True


COUNT_DRAWINGS = """document.addEventListener("trainscore:tournament", () => {
  window.drawings = (window.drawings ?? 0) + 1;
})"""


def test_more_seats_than_fit_take_turns_each_shown_at_least_ten_seconds(new_page, server):
    names = [f"{first} {last}" for last in LAST for first in FIRST] + [
        f"Latecomer Number {n}" for n in range(1, 7)
    ]
    new = tournament_of(
        *[names[n : n + 7] for n in range(0, 70, 7)], table_size=(7, 7), games=2, rounds=1
    )
    page = new_page(viewport=TV)
    page.add_init_script(COUNT_DRAWINGS)
    page.clock.install()
    page.goto(f"/tournaments/{new.tournament.code}/screen/")
    # Drawn again once the socket's first message came; its pages then take turns.
    page.wait_for_function("() => window.drawings === 1", polling=100)
    pages = page.locator(".find-page")
    expect(pages).to_have_count(2)
    expect(pages.nth(0).locator("li")).to_have_count(35)
    expect(pages.nth(1).locator("li")).to_have_count(35)
    expect(pages.nth(0)).to_be_visible()
    expect(pages.nth(1)).to_be_hidden()
    expect(page.locator("#wall-paging")).to_have_text("Page 1 of 2")
    page.clock.run_for(10_000)
    expect(pages.nth(0)).to_be_visible()  # still, ten seconds on
    page.clock.run_for(2_500)
    expect(pages.nth(1)).to_be_visible()
    expect(pages.nth(0)).to_be_hidden()
    expect(page.locator("#wall-paging")).to_have_text("Page 2 of 2")
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(WORDS_CUT) == []

    # Played without the clock started: the first round saved brings the tables up.
    first = new.tables[0]
    api_save(server.url, first.game, first.key, 1, [1, 2, 3, 4, 5, 6, 7], 12, first.game.version)
    expect(page.locator(".wall-table")).to_have_count(10)
    expect(page.locator(".find-page")).to_have_count(0)


@pytest.mark.layout
def test_four_full_tables_and_the_clock_fit_the_wall(new_page):
    tables = [[f"{name} {n}" for name in EIGHT] for n in range(1, 5)]
    new = tournament_of(
        *tables, table_size=(8, 8), games=2, ruleset="oll", variant="full", minutes=90
    )
    start_clock(stage=new.stage)
    for seed, game in enumerate(stage_games(new.stage)):
        play_rounds(game, 13, seed=seed)
    page = new_page(f"/tournaments/{new.tournament.code}/screen/", viewport=TV)
    expect(page.locator("#wall-clock")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    screenshot(page, "tv-tournament-4x8x13")
    measured = page.evaluate(CUT_OFF)
    assert measured["problems"] == [], measured["problems"]
    assert page.evaluate(SHOWN_TABLES) == ["Table 1", "Table 2", "Table 3", "Table 4"]
    assert measured["cells"] == 4 * 9 * (1 + 13 + 2)
    assert measured["cellFont"] >= 16
    sizes = page.evaluate(
        "['#wall-clock', '.wall-title', '.wall-label', '.board-grid td']"
        ".map((part) => parseFloat(getComputedStyle(document.querySelector(part)).fontSize))"
    )
    assert sizes[0] >= 1.5 * max(sizes[1:]), f"the clock is the largest thing on the wall: {sizes}"
