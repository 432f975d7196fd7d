"""The big-screen page as the server draws it, before any script runs."""

import pytest

from games.scorekeeping import end_game
from tests.factories import KEEPER, make_game, save_round


@pytest.fixture
def game(db):
    return make_game(ruleset="oll", variant="full").game


def test_it_shows_the_board_without_navigation_and_with_the_share_link(client, game):
    save_round(game, 1, [5, 0, 17])

    page = client.get(f"/games/{game.code}/screen/").content.decode()

    assert 'id="board" data-version="2"' in page
    assert 'aria-label="Main"' not in page, "no site navigation on a TV"
    assert f'data-code="{game.code}"' in page
    assert '<svg class="qr" role="img"' in page
    assert f"testserver/games/{game.code}/" in page
    assert 'id="fullscreen"' in page
    assert "js/live.js" in page and "js/screen.js" in page


def test_it_shows_the_round_being_played_and_its_engine_large(client, game):
    save_round(game, 1, [5, 0, 17])

    page = client.get(f"/games/{game.code}/screen/").content.decode()

    assert "Round 2 of 13" in page
    assert 'id="now-double" aria-label="11|11"' in page


def test_it_marks_the_leader_in_the_standings(client, game):
    save_round(game, 1, [5, 0, 17])

    page = client.get(f"/games/{game.code}/screen/").content.decode()

    first = '<li class="leads"><span class="standing-place">1st</span>'
    assert f'{first} <span class="standing-name">Bob</span>' in page


def test_it_shows_final_standings_and_the_winner_when_the_game_ends(client, game):
    save_round(game, 1, [5, 0, 17])
    game.refresh_from_db()
    end_game(game=game, version=game.version, actor=KEEPER)

    page = client.get(f"/games/{game.code}/screen/").content.decode()

    assert ">Final standings</h2>" in page
    assert "Winner: <strong>Bob</strong>" in page
    assert 'id="screen-now" class="screen-now" aria-label="This round" hidden' in page


def test_it_says_a_game_code_is_unknown(client, db):
    assert client.get("/games/nope/screen/").status_code == 404


def test_it_reads_a_full_game_in_a_fixed_number_of_queries(client, db, django_assert_num_queries):
    big = make_game(names=[f"P{i}" for i in range(8)], ruleset="oll", variant="full").game
    for number in range(1, 14):
        save_round(big, number, [number] * 8)
    small = make_game(names=("Ann", "Bob"), ruleset="oll", variant="full").game
    save_round(small, 1, [3, 4])

    for game in (small, big):
        with django_assert_num_queries(3):  # the game, its seats, its rounds with their scores
            assert client.get(f"/games/{game.code}/screen/").status_code == 200
