"""The tournament's wall screen: the stage in play, the standings big, a QR code to
follow on a phone. (The table cards: tests/tournaments/test_table_cards.py.)"""

import re

import pytest

from tests.factories import tournament_of
from tests.tournaments.kit import play_stage


@pytest.fixture
def new(db):
    return tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, rounds=1,
        minutes=45,
    )  # fmt: skip


def test_the_wall_shows_the_stage_in_play_and_the_standings(new, client):
    play_stage(new.stage, {"Ann": [0], "Bob": [5], "Cy": [9], "Di": [3], "Ed": [1], "Flo": [7]})
    page = client.get(f"/tournaments/{new.tournament.code}/screen/").content.decode()
    assert "Game 1 · every table has finished" in page
    names = re.findall(r'<th scope="row">([^<]+)</th>', page)
    assert names == ["Ann", "Ed", "Di", "Bob", "Flo", "Cy"]
    assert (
        f"QR code for this tournament: http://testserver/tournaments/{new.tournament.code}/" in page
    )


def test_the_wall_shows_every_standing_a_page_of_at_most_twelve_at_a_time(db, client):
    names = [f"P{n}" for n in range(1, 21)]
    new = tournament_of(
        *[names[i : i + 5] for i in range(0, 20, 5)], table_size=(5, 5), games=2, rounds=1
    )
    play_stage(new.stage, {name: [n] for n, name in enumerate(names)})  # between stages
    page = client.get(f"/tournaments/{new.tournament.code}/screen/").content.decode()
    pages = re.findall(r'<div class="standings-page"[^>]*aria-label="([^"]+)"', page)
    assert pages == ["Standings, page 1 of 2", "Standings, page 2 of 2"]
    assert len(re.findall(r'<th scope="row">', page)) == 20
