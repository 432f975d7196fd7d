"""The printable results: the podium and the standings of a 24-player tournament fit one
A4 page when Chromium prints them to PDF, and the page says the medals in words; with
thirty long names in three bands, every column prints in English, Spanish and French and
the names wrap at their spaces, never off the page."""

import io
import re
import unicodedata

import pytest
from pypdf import PdfReader

from tests.factories import tournament_of
from tests.tournaments.kit import BANDS, THIRTY, play_stage
from tests.whole_words import LINES_OF, pieces, words_cut
from tournaments.stages import seat_next_stage

pytestmark = [pytest.mark.browser, pytest.mark.layout]


@pytest.fixture
def finished(server):
    names = [f"Entrant number {n}" for n in range(1, 25)]
    bands = {name: ("60–69", "70–79", "80+")[n % 3] for n, name in enumerate(names)}
    new = tournament_of(
        *[names[i : i + 6] for i in range(0, 24, 6)], table_size=(6, 6), games=2, rounds=1,
        bands_of=bands, bands=["60–69", "70–79", "80+"],
    )  # fmt: skip
    scores = {name: [n * 3 % 50] for n, name in enumerate(names)}
    play_stage(new.stage, scores)
    play_stage(seat_next_stage(tournament=new.tournament).stage, scores)
    return new.tournament


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_the_results_of_24_players_print_on_one_a4_page(new_page, finished):
    page = new_page(f"/tournaments/{finished.code}/results/")
    assert page.get_by_role("heading", name="Medals").is_visible()
    assert page.locator(".medal-group").count() == 4  # overall and three bands
    assert page.locator(".tournament-standings tbody tr").count() == 24
    pdf = page.pdf(format="A4", print_background=False)
    assert pdf_pages(pdf) == 1


LONG_NAMES = THIRTY  # Konstantinopoulos, María-José Fernández, Bartholomew Fairweather-Smythe…
HEADINGS = {
    "en": ["Place", "Player", "Band", "Points", "Rounds", "Average a round", "Rounds won",
           "Status"],
    "es": ["Puesto", "Jugador", "Categoría", "Puntos", "Rondas", "Media por ronda",
           "Rondas ganadas", "Estado"],
    "fr": ["Place", "Joueur", "Catégorie", "Points", "Manches", "Moyenne par manche",
           "Manches gagnées", "Statut"],
}  # fmt: skip


@pytest.fixture
def thirty_finished(server):
    bands = {name: BANDS[n % 3] for n, name in enumerate(LONG_NAMES)}
    tables = [LONG_NAMES[n : n + 6] for n in range(0, 30, 6)]
    new = tournament_of(*tables, table_size=(6, 6), games=2, rounds=1, bands_of=bands, bands=BANDS)
    scores = {name: [n * 7 % 50] for n, name in enumerate(LONG_NAMES)}
    play_stage(new.stage, scores)
    play_stage(seat_next_stage(tournament=new.tournament).stage, scores)
    return new.tournament


def printed_text(pdf: bytes) -> str:
    """The PDF's text, its ligatures undone ("ﬁ")."""
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return unicodedata.normalize("NFKC", text)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_every_column_and_every_long_name_print_on_a4(new_page, thirty_finished, language):
    page = new_page(language=language)
    page.goto(f"/tournaments/{thirty_finished.code}/results/")
    pdf = page.pdf(format="A4", print_background=False)
    text = printed_text(pdf)
    words = " ".join(text.split())
    for heading in HEADINGS[language]:
        assert heading in words, f"{heading!r} is not printed: {text}"
    # Laid out as on the paper: A4's 210 mm less the 12 mm margins, at 96 px an inch.
    page.set_viewport_size({"width": round((210 - 24) / 25.4 * 96), "height": 1100})
    page.emulate_media(media="print")
    rows = page.evaluate(PRINTED_ROWS)
    assert len(rows) == 30
    for row in rows:
        assert row["cells"] == len(HEADINGS[language]), row
        assert row["right"] <= row["page"] + 0.5, f"{row['shown']} runs off the page: {row}"
        assert words_cut(row) == [], f"{row['shown']} breaks inside a word: {row}"
    # A name wrapped in its cell is printed a line at a time beside the other cells: each
    # of its parts is printed whole.
    printed = set(pieces(text))
    for name in LONG_NAMES:
        assert set(pieces(name)) <= printed, f"{name} is not printed whole: {text}"


# Each standing as printed (the print media emulated): its cells, its right edge against
# the page's, and its name with the lines it is printed on.
PRINTED_ROWS = f"""() => [...document.querySelectorAll(".tournament-standings tbody tr")]
  .map((row) => ({{
    shown: row.querySelector("th").firstChild.data.trim(),
    lines: ({LINES_OF})(row.querySelector("th")),
    cells: row.cells.length,
    right: row.getBoundingClientRect().right,
    page: document.documentElement.clientWidth,
  }}))"""
