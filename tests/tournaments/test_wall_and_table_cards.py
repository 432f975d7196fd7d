"""The tournament's wall screen (the stage in play, the standings big, a QR code to
follow on a phone) and a stage's printable table cards (who sits where, and the QR code
of each table's board)."""

import re

import pytest

from tests.factories import seated_names, stage_games, tournament_of
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


def test_the_wall_shows_the_leaders_and_sends_phones_to_the_rest(db, client):
    names = [f"P{n}" for n in range(1, 21)]
    new = tournament_of(
        *[names[i : i + 5] for i in range(0, 20, 5)], table_size=(5, 5), games=2, rounds=1
    )
    play_stage(new.stage, {name: [n] for n, name in enumerate(names)})  # between stages
    page = client.get(f"/tournaments/{new.tournament.code}/screen/").content.decode()
    assert len(re.findall(r'<th scope="row">', page)) == 12
    assert "And 8 more players: scan the code for the full standings." in page


def test_table_cards_list_each_tables_seats_and_its_boards_qr_code(new, client):
    page = client.get(f"/tournaments/{new.tournament.code}/stages/1/cards/").content.decode()
    assert "Table cards for Game 1" in page
    for game in stage_games(new.stage):
        card = page.split(f">{game.table_name}</h2>", 1)[1].split("</section>", 1)[0]
        assert re.findall(r"<li>([^<]+)</li>", card) == seated_names(game)
        assert f"http://testserver/games/{game.code}/" in card
        assert '<svg class="qr" role="img"' in card


def test_cards_for_a_stage_not_seated_are_a_404(new, client):
    assert client.get(f"/tournaments/{new.tournament.code}/stages/2/cards/").status_code == 404
