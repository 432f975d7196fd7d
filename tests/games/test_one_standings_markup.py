"""One template draws the standings: the phone board (above the grid), the big screen's
side panel and the night's standings show the same rows for the same game, places,
totals and marks alike."""

import re

from tests.factories import end, night_of, numbered, save_round

ROWS = re.compile(r'<ol[^>]*class="standings-list"[^>]*>(.*?)</ol>', re.S)


def standings_rows(page: str) -> list[str]:
    """Every standings list on the page, as its rows' markup."""
    return [" ".join(rows.split()) for rows in ROWS.findall(page)]


def test_the_phone_board_the_screen_and_the_night_draw_the_same_rows(client, db):
    new = night_of(numbered(3, "A"))
    game = new.tables[0].game
    save_round(game, 1, [5, 0, 9], engine=12)

    board = standings_rows(client.get(f"/games/{game.code}/").content.decode())
    screen = standings_rows(client.get(f"/games/{game.code}/screen/").content.decode())
    night = standings_rows(client.get(f"/nights/{new.night.code}/").content.decode())

    leader = (
        '<li class="leads"><span class="standing-place">1st</span> '
        '<span class="standing-name">A2</span> '
        '<span class="standing-total"><span class="visually-hidden">total </span>0</span>'
        '<span class="visually-hidden">, leading</span></li>'
    )
    assert board and screen and night
    assert leader in board[0]
    assert set(board) == set(screen) == set(night)


def test_a_finished_games_winner_is_marked_alike_everywhere(client, db):
    new = night_of(numbered(3, "A"))
    game = new.tables[0].game
    save_round(game, 1, [5, 0, 9], engine=12)
    end(game)

    pages = [f"/games/{game.code}/", f"/games/{game.code}/screen/", f"/nights/{new.night.code}/"]
    for path in pages:
        rows = standings_rows(client.get(path).content.decode())
        assert any(
            '<li class="won"><span class="standing-place">1st</span> '
            '<span class="standing-name">A2 <span class="won-mark">won</span></span>' in r
            for r in rows
        ), path
        assert "leading" not in " ".join(rows), path
