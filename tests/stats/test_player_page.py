"""`/players/<id>/`: one player's record, rounds, best and worst games, rivals and recent games."""

from django.urls import reverse

from tests.factories import play, register
from tests.stats.tables import body_rows


def page_of(client, player) -> str:
    return client.get(f"/players/{player.pk}/").content.decode()


def test_it_shows_the_record_per_ruleset_with_rounds_and_extremes(client, db):
    ann, bob = register("Ann", "Bob")
    low = play("mexican-train", [ann, bob], [[0, 10], [0, 12]])  # Ann 0: best
    high = play("mexican-train", [ann, bob], [[30, 0], [4, 0]])  # Ann 34: worst
    play("mexican-train", [ann, bob], [[8, 2]])
    n9_best = play("number-9", [ann, bob], [[40, 10], [12, 30]])  # Ann 52, highest: best
    n9_worst = play("number-9", [ann, bob], [[5, 30]])

    page = page_of(client, ann)

    assert "2 Wins / 5 Games (0.400)" in page
    rows = body_rows(page, "by-ruleset")
    assert rows[0][:6] == ["Mexican Train", "3", "1", "0.333", "8.4", "2 of 5"]
    assert rows[0][6].startswith("0 ") and rows[0][7].startswith("34 ")
    assert rows[1][:6] == ["Number 9 Train", "2", "1", "0.500", "19.0", "—"]
    assert rows[1][6].startswith("52 ") and rows[1][7].startswith("5 ")
    board = [reverse("games:board", args=[g.code]) for g in (low, high, n9_best, n9_worst)]
    for href in board:
        assert f'href="{href}"' in page


def test_it_counts_only_finished_games_with_rounds(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 10]])
    play("mexican-train", [ann, bob], [[0, 10]], end=False)
    play("mexican-train", [ann, bob], [])

    page = page_of(client, ann)

    assert "1 Win / 1 Game (1.000)" in page
    assert body_rows(page, "by-ruleset")[0][5] == "1 of 1"


def test_it_compares_the_player_with_each_opponent(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    play("mexican-train", [ann, bob, cy], [[5, 10, 0]])  # Cy wins, Ann ahead of Bob
    play("mexican-train", [ann, bob], [[7, 7]])  # a tie: both win, neither ahead
    play("number-9", [ann, cy], [[3, 20]])  # highest wins: Cy ahead

    rows = body_rows(page_of(client, ann), "head-to-head")

    assert rows == [
        ["Bob", "2", "1", "0", "1", "1"],
        ["Cy", "2", "0", "2", "0", "2"],
    ]


def test_it_lists_recent_games_live_ones_too(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 10]])
    play("oll", [bob, ann], [[3, 9]], end=False)

    page = page_of(client, ann)

    recent = page.split('class="recent-games"', 1)[1].split("</ol>", 1)[0]
    assert recent.index("OLL Train") < recent.index("Mexican Train")
    assert '<span class="tag live">live</span>' in recent
    assert "total 9 · with Bob" in " ".join(recent.split())
    assert f"/games/?player={ann.pk}" in page


def test_it_draws_the_win_average_after_each_game(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 10]])
    play("mexican-train", [ann, bob], [[10, 0]])
    play("mexican-train", [ann, bob], [[10, 0]])

    page = page_of(client, ann)

    assert 'role="img"' in page and '<title id="form-title">Win average over time' in page
    assert 'data-series="average" data-final="0.333"' in page
    assert "after each of 3 games" in page


def test_it_welcomes_a_player_without_games(client, db):
    (ann,) = register("Ann")

    page = page_of(client, ann)

    assert "No finished games yet." in page
    assert "Ann has not played a game here yet." in page
