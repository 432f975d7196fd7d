"""End Game records who won (`Seat.won`, ties sharing the win), and everything that says
who won reads that record: the API's snapshot, the board, the history and the roster."""

import pytest

from games.models import Seat
from tests.factories import make_game, save_round
from tests.stats.tables import body_rows


@pytest.fixture
def ended(client, db):
    """Mexican Train, lowest total wins: Bob alone."""
    started = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [9, 0, 12], engine=12)
    return started.game, end(client, started)


def end(client, started) -> dict:
    """End Game through the API, as a scorekeeper's script would."""
    answer = client.post(
        f"/api/games/{started.game.code}/end",
        content_type="application/json",
        headers={"Authorization": f"Bearer {started.key}"},
    )
    assert answer.status_code == 200
    return answer.json()


def test_ending_a_game_stores_its_winner(ended):
    game, _ = ended
    assert [s.player.name for s in Seat.objects.filter(game=game, won=True)] == ["Bob"]


def test_the_snapshot_the_board_and_the_history_name_the_winner(client, ended):
    game, snapshot = ended
    bob = Seat.objects.get(game=game, player__name="Bob").player_id
    assert snapshot["winners"] == [bob]
    board = client.get(f"/games/{game.code}/").content.decode()
    assert "Bob wins." in board
    history = body_rows(client.get("/games/?season=all").content.decode(), "history")
    assert history[0][3].startswith("Won by Bob ·")


def test_the_roster_counts_the_win(client, ended):
    rows = {
        row[0]: row
        for row in body_rows(client.get("/players/?season=all").content.decode(), "roster")
    }
    assert rows["Bob"][1:3] == ["1", "1"]
    assert rows["Ann"][1:3] == ["1", "0"]


def test_a_tie_shares_the_win(client, db):
    started = make_game(names=("Ann", "Bob", "Cy"), ruleset="mexican-train", variant=None)
    save_round(started.game, 1, [4, 9, 4], engine=12)
    snapshot = end(client, started)
    won = Seat.objects.filter(game=started.game, won=True).order_by("position")
    assert [s.player.name for s in won] == ["Ann", "Cy"]
    assert snapshot["winners"] == [s.player_id for s in won]
