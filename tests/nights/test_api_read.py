"""Reading a night through the API: the night and every table's game snapshot, as
docs/api.md gives it."""

import pytest

from games.scorekeeping import end_game
from games.snapshot import load_board, snapshot
from tests.factories import KEEPER, make_night, numbered, save_round


def test_it_answers_the_night_with_each_tables_snapshot(client, db):
    new = make_night(11)
    first, second = (t.game for t in new.tables)
    save_round(first, 1, [1, 2, 3, 4, 5, 6], engine=12)
    response = client.get(f"/api/nights/{new.night.code}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    first.refresh_from_db()
    assert response.json() == {
        "code": new.night.code,
        "name": "Tuesday club",
        "date": new.night.date.isoformat(),
        "status": "in_progress",
        "tables": [
            {"label": "Table 1", "game": snapshot(load_board(first))},
            {"label": "Table 2", "game": snapshot(load_board(second))},
        ],
    }
    assert "html" not in response.json()["tables"][0]["game"]
    assert response.json()["tables"][0]["game"]["rounds"][0]["engine"] == 12


def test_the_night_is_finished_once_every_table_has_ended(client, db):
    new = make_night(4, tables=2)
    first, second = (t.game for t in new.tables)
    end_game(game=first, version=first.version, actor=KEEPER)
    assert client.get(f"/api/nights/{new.night.code}").json()["status"] == "in_progress"
    end_game(game=second, version=second.version, actor=KEEPER)
    assert client.get(f"/api/nights/{new.night.code}").json()["status"] == "finished"


def test_it_answers_404_with_a_sentence_for_an_unknown_code(client, db):
    response = client.get("/api/nights/no-such-night")
    assert response.status_code == 404
    assert response.json() == {
        "detail": "There is no game night with this code; check the link you were given."
    }


def test_a_game_code_is_not_a_night_code(client, db):
    new = make_night(4)
    assert client.get(f"/api/nights/{new.tables[0].game.code}").status_code == 404


@pytest.mark.parametrize("tables", [1, 6])
def test_it_reads_a_night_in_the_same_queries_for_one_table_or_six(
    client, db, django_assert_num_queries, tables
):
    new = make_night(numbered(2 * tables), tables=tables)
    for table in new.tables:
        save_round(table.game, 1, [3, 9], engine=12)
        save_round(table.game, 2, [0, 4], engine=11)
    with django_assert_num_queries(4):  # the night, its tables, their seats, rounds with scores
        answer = client.get(f"/api/nights/{new.night.code}").json()
    assert len(answer["tables"]) == tables
    assert all(len(t["game"]["rounds"]) == 2 for t in answer["tables"])
