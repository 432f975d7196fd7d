"""The tournament's wall at 1920×1080 in the room, phase by phase: "Find your table" (64
long names on one screen, none cut inside a word), the stage's tables with the clock large
in the header, "Last round" once time is called, the standings between stages, the next
seats, the podium. Every change reaches the open wall over its one socket, made through
the running server as staff and scorekeepers make it; the stage's clock is moved (the
clock injected) only to call time without waiting."""

import datetime
import re
import urllib.request

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from tests.conftest import log_in
from tests.factories import numbered, seated_names, stage_games, tournament_of
from tests.live.conftest import api_save
from tests.live.tv import TV
from tests.tournaments.test_overview_follows_changes_in_browser import api_end
from tournaments.models import Stage

pytestmark = pytest.mark.browser

# Sixty-four names of 22 to 33 characters, each with a word of 11 or more letters.
FIRST = ["Bartholomew", "Maximiliana", "Christopher", "Evangelina", "Konstantinos", "Gwendolyn",
         "Alexandrina", "Francesca"]  # fmt: skip
LAST = ["Featherstonehaugh", "Papadopoulos-Ruiz", "Vandenberghe", "Oyelaran-Smith",
        "Montmorency", "Szczepanski", "Castellanos", "Wolfeschlegel"]  # fmt: skip
LONG_NAMES = [f"{first} {last}" for last in LAST for first in FIRST]

# Where each name's words sit: a word cut across two lines has two boxes.
WORDS_CUT = """() => [...document.querySelectorAll(".find-page:not([hidden]) .find-name")]
  .flatMap((name) => {
    const text = name.firstChild;
    const cut = [];
    let start = 0;
    for (const word of text.data.split(" ")) {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
      if (lines.size > 1) cut.push(word);
      start += word.length + 1;
    }
    return cut;
  })"""

OUTSIDE = """() => [...document.querySelectorAll(".find-page:not([hidden]) li")]
  .map((li) => [li.textContent, li.getBoundingClientRect()])
  .filter(([, box]) => box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5
                       || box.width === 0)
  .map(([text]) => text)"""


def test_find_your_table_fits_64_long_names_on_one_screen(new_page):
    players = numbered(0)  # noqa: F841 (nobody else)
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
    page.screenshot(path="/tmp/tv-find-your-table.png")
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(WORDS_CUT) == []
    sizes = page.evaluate(
        "[...document.querySelectorAll('.find-name')].map((n) => parseFloat(getComputedStyle(n).fontSize))"
    )
    assert min(sizes) >= 24
    expect(page.locator("#wall-paging")).to_be_hidden()  # one page: nothing turns
    expect(page.locator("#wall-clock")).to_be_hidden()
