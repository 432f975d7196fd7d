"""/nights/<code>/: every table's board, the night's standings, each table's links."""

import re

from games.scorekeeping import end_game
from tests.factories import KEEPER, make_night, night_of, numbered, save_round


def test_it_shows_every_tables_board_and_the_standings(client, db):
    new = night_of(numbered(3, "A"), numbered(2, "B"))
    first, second = (t.game for t in new.tables)
    save_round(first, 1, [5, 0, 9], engine=12)

    answer = client.get(f"/nights/{new.night.code}/")

    page = answer.content.decode()
    assert answer.status_code == 200
    assert page.count('class="board"') == 2
    assert f'id="board-{first.code}"' in page and f'id="board-{second.code}"' in page
    assert 'id="board"' not in page, "each board has its own id on a page of several"
    standings = page.split('id="standings"')[1].split('id="tables"')[0]
    assert "A2 leads with 0." in standings
    assert standings.count('<li class="leads">') == 1
    assert '<span class="standing-place">3rd</span> <span class="standing-name">A3</span>' in standings
    unplayed = standings.split(f'data-standing="{second.code}"')[1]
    assert unplayed.count('<span class="standing-place">–</span>') == 2, "no places before a round"
    assert f'href="/games/{first.code}/"' in page and f'href="/games/{second.code}/"' in page
    assert "/keep/" not in page and "Move a player" not in page, "visitors see no staff tools"


def test_it_says_who_won_each_table_once_all_are_finished(client, db):
    new = night_of(numbered(2, "A"), numbered(2, "B"))
    for table, scores in zip(new.tables, ([3, 8], [10, 1]), strict=True):
        save_round(table.game, 1, scores, engine=12)
        table.game.refresh_from_db()
        end_game(game=table.game, version=table.game.version, actor=KEEPER)

    page = client.get(f"/nights/{new.night.code}/").content.decode()

    standings = page.split('id="standings"')[1].split('id="tables"')[0]
    assert "Final standings" in standings
    assert "A1 wins." in standings and "B2 wins." in standings
    assert standings.count('<li class="won">') == 2


def test_staff_who_did_not_start_it_can_make_a_new_scorekeeper_link(staff_client, db):
    new = make_night(players=4, tables=2)
    page = staff_client.get(f"/nights/{new.night.code}/").content.decode()
    assert "/keep/" not in page
    for table in new.tables:
        assert f'action="/games/{table.game.code}/new-key/"' in page
    assert "Move a player" in page and "Add a table" in page


def test_it_offers_no_move_once_fewer_than_two_tables_are_unplayed(staff_client, db):
    new = night_of(numbered(3, "A"), numbered(2, "B"))
    save_round(new.tables[0].game, 1, [5, 0, 9], engine=12)
    page = staff_client.get(f"/nights/{new.night.code}/").content.decode()
    assert "Move a player" not in page
    assert "Add a table" in page


def test_it_answers_404_for_an_unknown_code(client, db):
    assert client.get("/nights/not-a-night/").status_code == 404
    assert client.get("/nights/not-a-night/screen/").status_code == 404


def test_staff_move_a_player_before_the_first_save(staff_client, db):
    new = night_of(numbered(3, "A"), numbered(2, "B"))
    moving = new.tables[0].game.seats.first().player

    answer = staff_client.post(f"/nights/{new.night.code}/move/", {"player": moving.pk, "table": 2})

    assert answer.status_code == 302
    assert [s.player.name for s in new.tables[1].game.seats.all()] == ["B1", "B2", "A1"]


def test_a_move_after_the_first_save_is_refused_with_a_sentence(staff_client, db):
    new = night_of(numbered(3, "A"), numbered(2, "B"))
    save_round(new.tables[0].game, 1, [5, 0, 9], engine=12)
    moving = new.tables[0].game.seats.first().player

    answer = staff_client.post(f"/nights/{new.night.code}/move/", {"player": moving.pk, "table": 2})

    assert answer.status_code == 422
    assert "players can move only before a table" in answer.content.decode()
    assert new.tables[0].game.seats.count() == 3


def test_staff_add_a_table_late_and_see_its_scorekeeper_link(staff_client, db):
    new = make_night(players=4)
    late = numbered(2, "Late")

    answer = staff_client.post(
        f"/nights/{new.night.code}/tables/", {"label": "Back room", "players": [p.pk for p in late]}
    )

    assert answer.status_code == 302
    table = new.night.tables.get(position=2)
    assert table.label == "Back room"
    page = staff_client.get(answer["Location"]).content.decode()
    assert re.search(rf"/games/{table.game.code}/keep/[\w-]+/", page)


def test_adding_a_table_of_one_is_refused_with_a_sentence(staff_client, db):
    new = make_night(players=4)
    answer = staff_client.post(
        f"/nights/{new.night.code}/tables/", {"players": [numbered(1, "Late")[0].pk]}
    )
    assert answer.status_code == 422
    assert new.night.tables.count() == 1
