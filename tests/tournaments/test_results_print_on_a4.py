"""The printable results: the podium and the standings of a 24-player tournament fit one
A4 page when Chromium prints them to PDF, and the page says the medals in words."""

import re

import pytest

from tests.factories import tournament_of
from tests.tournaments.kit import play_stage
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
