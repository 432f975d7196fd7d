"""Across a room, a player's name over a column reads as one person: on the big screen
and on the night's wall at 1920×1080, no name is cut inside a word (lines break only at
a space or after a hyphen), none is under 24 px, a name too long even at 24 px (and
only such a name) shows a short form unique at its table with the full name kept for
screen readers, and the board still fits the screen. The big screen's standings follow
the same rule: a word too wide for its line shrinks the name (never under 24 px), and
past that the name shows a short form. On a
phone the grid scrolls sideways in its box, so every name stays whole on one line. The
wall lays its tables out by how many it shows: with one or two, every name of twelve
characters or fewer shows whole."""

import pytest

from tests.factories import make_game, night_of, play_rounds, register, save_round
from tests.live.tv import EIGHT, FITS_WHOLE_AT, GEOMETRY, LONGEST, TV
from tests.nights.wall_geometry import CUT_OFF
from tests.screenshots import screenshot
from tests.stats.phone import PHONE
from tests.whole_words import LINES_OF, check_standings, words_cut

pytestmark = [pytest.mark.browser, pytest.mark.layout]


# Each name cell: its full name, the text shown, that text's lines, its font size, and
# whether it spills out of its column.
NAME_LINES = f"""(scope) => [...document.querySelectorAll(`${{scope}} thead th[data-player]`)]
  .filter((th) => th.getClientRects().length > 0)
  .map((th) => {{
    const fitsWholeAt = {FITS_WHOLE_AT};
    return {{
      wholeFits: fitsWholeAt(th, 24),
      name: th.getAttribute("aria-label") || th.textContent,
      shown: th.textContent,
      lines: ({LINES_OF})(th),
      px: parseFloat(getComputedStyle(th).fontSize),
      spills: th.scrollWidth > th.clientWidth + 0.5,
    }};
  }})"""


def check_names(cells: list[dict], table: tuple[str, ...]) -> None:
    assert sorted(cell["name"] for cell in cells) == sorted(table)
    for cell in cells:
        assert words_cut(cell) == [], f"{cell['name']} is cut inside a word: {cell['lines']}"
        assert cell["px"] >= 24, f"{cell['name']} is {cell['px']} px"
        assert not cell["spills"], f"{cell['name']} spills out of its column"
        if cell["shown"] != cell["name"]:
            assert not cell["wholeFits"], f"{cell['name']} fits whole at 24 px but is shortened"
            # Its first letters, or its first and last ("Konstan…nos"), or first initial
            # and last name ("B. Fairw…": tests/tournaments/test_wall_fits_every_phase.py).
            head, _, tail = cell["shown"].removesuffix(".").partition("…")
            if head.endswith(".") and " " in head:
                head = head.split(" ")[-1]
            assert head.split(" ")[0] in cell["name"] and cell["name"].endswith(tail), cell
    shown = [cell["shown"] for cell in cells]
    assert len(set(shown)) == len(shown), f"short forms must differ at a table: {shown}"


def test_the_big_screen_shows_every_name_whole_or_short_never_cut(new_page, server):
    new = make_game(names=LONGEST, ruleset="mexican-train", variant=None)
    play_rounds(new.game, 13)

    page = new_page(f"/games/{new.game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, "screen-long-names")
    cells = page.evaluate(NAME_LINES, "#board")

    check_names(cells, LONGEST)
    check_standings(page, "#standings-list", LONGEST)
    assert page.evaluate(GEOMETRY)["problems"] == []


@pytest.mark.parametrize(
    ("names", "leader"),
    [(EIGHT, "Bartholomew"), (("Konstantinopoulos", *EIGHT[1:]), "Konstantinopoulos")],
    ids=["eleven letters", "seventeen letters"],
)
def test_the_leaders_name_beside_the_board_is_not_cut_either(new_page, server, names, leader):
    # A long word of the eight leads with a three-digit total: its row is marked, and
    # must not cut it. Each round another player goes out.
    new = make_game(names=names, ruleset="mexican-train", variant=None)
    leading = names.index(leader)
    others = [seat for seat in range(8) if seat != leading]
    for number in range(1, 14):
        out = others[number % len(others)]
        scores = [23 if seat == leading else 0 if seat == out else 131 for seat in range(8)]
        save_round(new.game, number, scores, engine=13 - number)

    page = new_page(f"/games/{new.game.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, f"screen-{leader}-leads")

    assert page.locator("#standings-list li.leads .standing-name").all_text_contents() == [leader]
    standings = check_standings(page, "#standings-list", names)
    assert [n["shown"] for n in standings if n["name"] == leader] == [leader], "whole"
    assert page.evaluate(GEOMETRY)["problems"] == []


def test_the_wall_shows_every_name_whole_or_short_never_cut(new_page, server):
    tables = [register(*(f"{name} {table}" for name in LONGEST)) for table in "ABCD"]
    new = night_of(*tables, ruleset="mexican-train")
    for table in new.tables:
        play_rounds(table.game, 13)

    page = new_page(f"/nights/{new.night.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, "wall-long-names")

    for number, table in enumerate(new.tables):
        cells = page.evaluate(NAME_LINES, f"#table-{table.game.code}")
        check_names(cells, tuple(player.name for player in tables[number]))
    assert page.evaluate(CUT_OFF)["problems"] == []


# Four tables of eight long names, all different: most of twelve letters or fewer, and
# a 17-letter word, hyphenated names and a name of three words among them.
WALL_TABLES = (
    (
        "Christopher",
        "Bartholomew",
        "Konstantinos",
        "Marie-Claire",
        "Guillermina",
        "Evangeline",
        "Jean-Baptiste",
        "Konstantinopoulos",
    ),
    (
        "Maximiliana",
        "Alessandra",
        "Bernadette",
        "Wilhelmina",
        "Gwendolyn",
        "Anastasia",
        "Maximilian-Alexander",
        "Dominique",
    ),
    (
        "Sebastianus",
        "Florentina",
        "Theodosia",
        "Valentina",
        "Clementine",
        "Hildegarde",
        "Fitzgerald",
        "Ana María Castellanos",
    ),
    (
        "Bartolomeo",
        "Christophe",
        "Margherita",
        "Leopoldine",
        "Geneviève",
        "Rosalind",
        "Jacqueline",
        "Aurélien-Baptiste",
    ),
)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_the_wall_gives_fewer_tables_more_room_for_their_names(new_page, server, count):
    tables = [register(*names) for names in WALL_TABLES[:count]]
    new = night_of(*tables, ruleset="mexican-train")
    for seed, table in enumerate(new.tables):
        play_rounds(table.game, 13, seed=seed)

    page = new_page(f"/nights/{new.night.code}/screen/", viewport=TV)
    page.wait_for_selector('#live-status[data-state="live"]')
    screenshot(page, f"wall-{count}-tables")

    problems = page.evaluate(CUT_OFF)["problems"]
    assert problems == [], "\n".join(problems)
    for number, table in enumerate(new.tables):
        cells = page.evaluate(NAME_LINES, f"#table-{table.game.code}")
        check_names(cells, WALL_TABLES[number])
        if count <= 2:
            cramped = [
                c["shown"] for c in cells if len(c["name"]) <= 12 and c["shown"] != c["name"]
            ]
            assert cramped == [], f"with {count} tables, names of 12 letters or fewer show whole"


def test_a_phones_board_shows_every_name_whole_on_one_line(new_page, server):
    new = make_game(names=LONGEST, ruleset="mexican-train", variant=None)
    play_rounds(new.game, 3)

    page = new_page(f"/games/{new.game.code}/", **PHONE)
    cells = page.evaluate(NAME_LINES, "#board")

    assert [(cell["shown"], cell["lines"]) for cell in cells] == [
        (name, [name]) for name in LONGEST
    ], "the grid scrolls sideways in its box, so a name never wraps"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
