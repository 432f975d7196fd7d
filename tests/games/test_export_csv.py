"""A game downloads as a CSV file anyone with its code can open in a spreadsheet."""

import csv
import io

import pytest

from games.scorekeeping import Actor, record_round
from games.starting import start_game
from players.models import Player

KEEPER = Actor(by="scorekeeper key")


def new_game(ruleset, variant, *names):
    players = [Player.objects.create(name=n) for n in names]
    return start_game(ruleset=ruleset, variant=variant, players=players).game


def save(game, number, points, engine):
    scores = {str(s.player_id): p for s, p in zip(game.seats.all(), points, strict=True)}
    game.refresh_from_db()
    record_round(
        game=game, number=number, scores=scores, engine=engine, version=game.version, actor=KEEPER
    )


def download(client, game):
    response = client.get(f"/games/{game.code}/export.csv")
    assert response.status_code == 200
    return response, list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def test_it_lists_each_round_and_the_totals_in_seat_order(client, db):
    game = new_game("oll", "even", "Cy", "Ann", "Bob")
    save(game, 1, [0, 12, 30], engine=12)
    save(game, 2, [7, 0, 3], engine=10)
    _, rows = download(client, game)
    assert rows == [
        ["round", "engine", "Cy", "Ann", "Bob"],
        ["1", "12", "0", "12", "30"],
        ["2", "10", "7", "0", "3"],
        ["total", "", "7", "12", "33"],
    ]


def test_it_leaves_the_engine_blank_where_the_game_records_none(client, db):
    game = new_game("number-9", None, "Ann", "Bob")
    save(game, 1, [14, 2], engine=None)
    _, rows = download(client, game)
    assert rows[1:] == [["1", "", "14", "2"], ["total", "", "14", "2"]]


def test_it_downloads_as_a_named_attachment(client, db):
    game = new_game("mexican-train", None, "Ann", "Bob")
    response, rows = download(client, game)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    expected = f"trainscore-mexican-train-{game.created:%Y-%m-%d}-{game.code}.csv"
    assert response["Content-Disposition"] == f'attachment; filename="{expected}"'
    assert rows == [["round", "engine", "Ann", "Bob"], ["total", "", "0", "0"]]


def test_it_needs_no_login_or_key(client, db):
    game = new_game("oll", None, "Ann", "Bob")
    assert client.get(f"/games/{game.code}/export.csv").status_code == 200


def test_it_says_when_there_is_no_such_game(client, db):
    assert client.get("/games/no-such-game/export.csv").status_code == 404


@pytest.mark.parametrize("name", ["=SUM(A1:A9)", "+1", "-Dee", "@cmd", "'Eve"])
def test_it_keeps_a_name_from_running_as_a_formula(client, db, name):
    game = new_game("oll", None, "Ann", name)
    _, rows = download(client, game)
    assert rows[0] == ["round", "engine", "Ann", f"'{name}"]


def test_it_keeps_commas_and_quotes_in_names_whole(client, db):
    game = new_game("oll", None, 'Ann "Ace", Jr', "Bob")
    _, rows = download(client, game)
    assert rows[0] == ["round", "engine", 'Ann "Ace", Jr', "Bob"]
