"""Every phase of the tournament's wall fits a 1920×1080 screen in English, Spanish and
French with thirty entrants of long names in three bands: "Find your table", the tables in
play (one to eight of them), the last round, the standings between stages (taking turns a
page at a time, each band's leader beside them) and the podium (every band's medals).
Nothing is drawn outside the screen or cut by its box, no name is cut inside a word where
its column has room for it, and no two names are shown alike ("Bartholomew" and
"Bartholomew Fairweather-Smythe"). One page per language walks the phases, reloaded as
the tournament moves on (tests/tournaments/test_wall_in_the_room.py follows the changes
live). axe-core runs on each phase in English only: it is the same markup in every
language; what Spanish and French change, the words and so the fit, is checked in each."""

import contextlib
import re

import pytest
from django.utils import timezone
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from games.models import Game
from tests.factories import play_rounds, seated_names, stage_games, tournament_of
from tests.live.tv import FITS_WHOLE_AT, TV
from tests.project.test_accessibility_axe import AXE, RUN_AXE
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen
from tests.tournaments.kit import BANDS, THIRTY, play_by_name, play_stage
from tests.whole_words import LINES_OF, words_cut
from tournaments.clock import start_clock
from tournaments.models import Stage
from tournaments.stages import seat_next_stage

pytestmark = [pytest.mark.browser, pytest.mark.layout]

LANGUAGES = ["en", "es", "fr"]

# Every element of the wall with text of its own or a drawing, shown: those drawn (even
# in part) outside the screen, or outside a box of theirs that clips what overflows it.
DRAWN_OUTSIDE = """() => {
  const problems = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth || page.scrollHeight > page.clientHeight) {
    problems.push(`the page scrolls: ${page.scrollWidth}x${page.scrollHeight}`);
  }
  const drawn = [...document.querySelectorAll("#tournament-wall *")].filter((el) =>
    el.getClientRects().length > 0 && !el.closest("[hidden], .visually-hidden, svg *, caption")
    && getComputedStyle(el).visibility !== "hidden"
    && (el.tagName === "svg" || [...el.childNodes].some(
      (node) => node.nodeType === 3 && node.data.trim())));
  for (const el of drawn) {
    const box = el.getBoundingClientRect();
    const name = `${el.tagName}.${el.className?.baseVal ?? el.className} `
      + `"${el.textContent.trim().slice(0, 30)}"`;
    if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5
        || box.bottom > innerHeight + 0.5) {
      problems.push(`${name} is drawn outside the screen`);
      continue;
    }
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflow === "visible") continue;
      const frame = up.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.top < frame.top - 0.5
          || box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5) {
        problems.push(`${name} is cut by ${up.tagName}.${up.className}`);
        break;
      }
    }
  }
  return problems;
}"""

# Every player's name shown on the wall: as the wall shows it, what it stands for, and
# whether the whole name would fit its column at the wall's smallest size (24 px).
NAMES_SHOWN = f"""() => {{
  const fitsAt = {FITS_WHOLE_AT};
  const fitsWholeAt = (th, px) => {{
    th.style.overflowWrap = "normal";
    const fits = fitsAt(th, px);
    th.style.removeProperty("overflow-wrap");
    return fits;
  }};
  const lines = {LINES_OF};
  const shown = (el) => el.getClientRects().length > 0 && !el.closest("[hidden]");
  const columns = [...document.querySelectorAll(".wall-table .board-grid th[data-player]")]
    .filter(shown).map((th) => ({{
      table: th.closest(".wall-table").id,
      shown: th.textContent.trim(),
      name: th.getAttribute("aria-label") || th.textContent.trim(),
      roomForWhole: fitsWholeAt(th, 24),
      lines: lines(th),
    }}));
  const others = [...document.querySelectorAll(
    ".find-name, .tournament-standings tbody th, .leader-name, .medal-player")]
    .filter(shown).map((el) => ({{
      table: el.closest("ol, table, ul")?.className ?? "",
      shown: el.firstChild.data.trim(),
      name: el.firstChild.data.trim(),
      roomForWhole: true,
      lines: lines(el),
    }}));
  return [...columns, ...others];
}}"""


# The lines the wall's phone link is drawn on (its text is in several nodes: <wbr>).
LINK_LINES = """() => {
  const lines = [];
  let top = null;
  const walker = document.createTreeWalker(document.querySelector(".wall-share .share-url"), 4);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (top === null || box.top > top + 1) {
        lines.push("");
        top = box.top;
      }
      lines[lines.length - 1] += text.data[i];
    }
  }
  return lines;
}"""


# The medals' names on a phone, each inside the screen.
NAMES_OFF_A_PHONE = """() => [...document.querySelectorAll(".medal-player")]
  .filter((name) => name.getBoundingClientRect().right > innerWidth + 0.5)
  .map((name) => name.textContent)"""


def check_link(page, where: str, code: str) -> None:
    """The phone link breaks only after a "/", and the code is on one line."""
    lines = page.evaluate(LINK_LINES)
    assert "".join(lines).endswith(f"/tournaments/{code}/"), lines
    assert all(line.endswith("/") for line in lines), f"{where}: the link breaks so: {lines}"
    assert any(code in line for line in lines), f"{where}: the code is broken: {lines}"


def check_names(page, where: str) -> None:
    """No name cut (shortened, or broken inside a word) where its column has room for it
    whole, and no two names shown alike in one table or list: a short form ("Bart…",
    "Bartholomew F.") is never the beginning of another name there."""
    names = page.evaluate(NAMES_SHOWN)
    assert names, f"{where}: no names shown"
    for name in names:
        cut = name["shown"] != name["name"] or words_cut(name) != []
        assert not (cut and name["roomForWhole"]), f"{where}: {name['name']} is cut: {name}"
    for group in {name["table"] for name in names}:
        shown = [n for n in names if n["table"] == group]
        for one in (n for n in shown if n["shown"] != n["name"]):
            # "Bart…" or "Bartholomew F." could be any name so begun; "Bart…mew" any name
            # so begun and ended.
            head, _, tail = one["shown"].partition("…")
            head = head.removesuffix(".").strip()
            for other in shown:
                if other is not one:
                    alike = other["name"].startswith(head) and other["name"].endswith(tail)
                    assert not alike, (
                        f"{where}: {one['name']} shown as {one['shown']!r} reads like "
                        f"{other['name']} (shown as {other['shown']!r})"
                    )


def check_fits(page, where: str, language: str, *, axe: bool = True) -> None:
    """Nothing drawn outside the screen or cut, no name cut; and axe, in English only (the
    same markup in every language)."""
    screenshot(page, f"wall-{language}-{where}")
    # The wall fits its tables again when the header above them changes ("Live" said as
    # its socket connects, the clock shown): on a busy machine that comes a little later.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"() => ({DRAWN_OUTSIDE})().length === 0", timeout=5_000)
    assert page.evaluate(DRAWN_OUTSIDE) == [], where
    check_names(page, where)
    if axe and language == "en":
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(RUN_AXE) == [], where


def thirty_in_bands(tables=None, table_size=(7, 8)):
    bands = {name: BANDS[n % 3] for n, name in enumerate(THIRTY)}
    tables = tables or [THIRTY[0:8], THIRTY[8:16], THIRTY[16:23], THIRTY[23:30]]
    new = tournament_of(
        *tables, table_size=table_size, games=2, rounds=3, minutes=60, bands_of=bands,
        bands=BANDS,
    )  # fmt: skip
    new.tournament.name = "Autumn Open of the Riverside Domino Club"
    new.tournament.save()
    return new


def run_out(stage) -> None:
    """The clock injected: the stage's time runs out now."""
    ends = timezone.now()
    Stage.objects.filter(pk=stage.pk).update(ends=ends)
    Game.objects.filter(night_table__night=stage.night_id).update(deadline=ends)


def open_wall(new_page, language: str, code: str):
    page = new_page(viewport=TV, bypass_csp=True, language=language)
    page.clock.install()
    page.goto(f"/tournaments/{code}/screen/")
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phase_of_a_thirty_player_day_fits_the_wall(new_page, language):
    new = thirty_in_bands()
    # A code with hyphens, where a line may break unless the link says otherwise (a code
    # so begun was cut after its "A-" on the Spanish wall).
    code = new.tournament.code = "A-gpFWM-G4FJ"
    new.tournament.save(update_fields=["code"])
    page = open_wall(new_page, language, code)

    expect(page.locator(".find-page li")).to_have_count(30)
    check_fits(page, "find", language)
    check_link(page, "find", code)

    start_clock(stage=new.stage)
    for seed, game in enumerate(stage_games(new.stage)):
        play_rounds(game, 2, seed=seed)
    page.reload()
    expect(page.locator(".wall-table")).to_have_count(4)
    check_fits(page, "playing", language)

    run_out(new.stage)
    page.reload()
    expect(page.locator("#wall-clock.last-round")).to_be_visible()
    check_fits(page, "last-round", language)

    scores = {name: [n * 7 % 40, n % 9, 3] for n, name in enumerate(THIRTY)}
    for game in stage_games(new.stage):
        play_by_name(game, {name: scores[name][2:] for name in seated_names(game)})
    page.reload()
    standings = page.locator(".wall-standings")
    expect(standings).to_be_visible()
    check_fits(page, "standings", language)
    expect(page.locator(".band-leaders li")).to_have_count(3)

    play_stage(seat_next_stage(tournament=new.tournament).stage, scores)
    page.reload()
    expect(page.locator(".medal-group")).to_have_count(4)
    check_fits(page, "podium", language)
    check_link(page, "podium", code)

    # Opened on a phone: one column that scrolls down, never sideways.
    page.set_viewport_size(PHONE["viewport"])
    screenshot(page, f"wall-{language}-podium-phone", full_page=True)
    assert fits_the_screen(page)
    assert page.evaluate(NAMES_OFF_A_PHONE) == []


SEATINGS = {
    2: [THIRTY[0:8], THIRTY[8:16]],
    3: [THIRTY[0:8], THIRTY[8:16], THIRTY[16:24]],
    8: [THIRTY[n : n + 4] for n in range(0, 24, 4)] + [THIRTY[24:27], THIRTY[27:30]],
}


def stage_of(count: int):
    """A stage of `count` tables: a heats-final's final (one table of the eight best of
    two heats), or a rotation's first game."""
    if count == 1:
        bands = {name: BANDS[n % 3] for n, name in enumerate(THIRTY)}
        new = tournament_of(
            THIRTY[0:8], THIRTY[8:16], format="heats-final", table_size=(8, 8), advance=4,
            rounds=3, minutes=60, bands_of=bands, bands=BANDS,
        )  # fmt: skip
        play_stage(new.stage, {name: [n % 11] for n, name in enumerate(THIRTY)})
        return new.tournament, seat_next_stage(tournament=new.tournament).stage
    tables = SEATINGS[count]
    sizes = sorted(len(table) for table in tables)
    new = thirty_in_bands(tables, table_size=(sizes[0], sizes[-1]))
    return new.tournament, new.stage


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_to_eight_tables_in_play_fit_the_wall(new_page, language):
    page = None
    for count in (1, 2, 3, 8):
        tournament, stage = stage_of(count)
        start_clock(stage=stage)
        for seed, game in enumerate(stage_games(stage)):
            play_rounds(game, 2, seed=seed)
        if page is None:
            page = open_wall(new_page, language, tournament.code)
        else:
            page.goto(f"/tournaments/{tournament.code}/screen/")
        expect(page.locator(".wall-table")).to_have_count(count)
        check_fits(page, f"{count}-tables", language)
        if count > 4:  # two pages of four take turns
            page.clock.run_for(10_500)
            expect(page.locator("#wall-paging")).to_have_text(re.compile("2"))
            check_fits(page, f"{count}-tables-page-2", language, axe=False)
