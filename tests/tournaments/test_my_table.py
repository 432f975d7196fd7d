""" "My table" on the tournament's page, for whoever the page is asked for (?me=): their
table in the stage seated last, that they wait for the next one, that they do not play
in it, and their place once the tournament is over."""

import re

import pytest

from tests.factories import tournament_of
from tests.tournaments.kit import play_stage, read
from tournaments.entrants import withdraw
from tournaments.stages import seat_next_stage

SCORES = {"Ann": [0], "Bob": [5], "Cy": [9], "Di": [3], "Ed": [1], "Flo": [7]}


@pytest.fixture
def new(db):
    return tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(2, 3), games=2, rounds=1
    )


def line(client, new, name: str) -> str:
    player = next(p for t in new.tables for p in t.players if p.name == name)
    page = client.get(f"/tournaments/{new.tournament.code}/?me={player.pk}").content.decode()
    assert f'<option value="{player.pk}" selected>{name}</option>' in page
    found = re.search(r'<p class="my-table-line" id="my-table-line">(.*?)</p>', page, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def test_it_says_where_the_player_plays_then_what_comes_next(new, client):
    assert line(client, new, "Flo") == "Your table in Game 1: Table 2"
    play_stage(new.stage, SCORES)
    assert line(client, new, "Flo") == (
        "Game 1 is over. Your next table shows here as soon as the next stage is seated."
    )
    flo = next(p for p in new.tables[1].players if p.name == "Flo")
    withdraw(tournament=new.tournament, player=flo)
    second = seat_next_stage(tournament=new.tournament)
    assert line(client, new, "Flo") == "You do not play in Game 2."
    play_stage(second.stage, SCORES)
    place = {
        s["player"]["name"]: s["place"] for s in read(client, new.tournament.code)["standings"]
    }
    assert line(client, new, "Ann") == (
        f"The tournament is over: you finished in place {place['Ann']}."
    )


def test_a_page_asked_for_nobody_it_knows_shows_the_picker_alone(new, client):
    page = client.get(f"/tournaments/{new.tournament.code}/?me=0").content.decode()
    assert 'id="my-table-line"' not in page
    assert "Pick your name" in page
