"""The bare board a page fetches while its socket is down: the same partial, nothing else."""

from tests.factories import make_game, save_round


def test_it_answers_with_just_the_current_board(client, db):
    game = make_game().game
    save_round(game, 1, [5, 0, 17])

    answer = client.get(f"/games/{game.code}/board/")

    text = answer.content.decode()
    assert answer.status_code == 200
    assert text.startswith('<div class="board" id="board" data-version="2"')
    assert "<html" not in text
    assert ">17</td>" in text
    assert "no-cache" in answer["Cache-Control"]


def test_it_says_a_game_code_is_unknown(client, db):
    assert client.get("/games/nope/board/").status_code == 404
