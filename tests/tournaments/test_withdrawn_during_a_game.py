"""A player withdrawn during a game: their seat stays (the rounds played count), the
scorekeeper saves the next rounds without them, they are placed after everyone who stayed
(never the table's winner) and the standings say "withdrawn"."""

import pytest

from games.models import Game
from games.snapshot import load_board
from tests.factories import play_out, points, stage_games, tournament_of
from tests.tournaments.kit import read
from tournaments.entrants import withdraw


@pytest.fixture
def started(db):
    """Rotation at tables of three, two rounds a game; table 1 has saved round 1."""
    new = tournament_of(["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], games=2, rounds=2)
    game = stage_games(new.stage)[0]
    play_out(game, [10, 2, 30], end=False)  # Bob lowest: best so far
    return new


def test_the_keeper_saves_the_next_round_without_the_withdrawn_player(started, client):
    new = started
    game = stage_games(new.stage)[0]
    bob = game.seats.get(player__name="Bob").player
    withdraw(tournament=new.tournament, player=bob)
    assert game.seats.get(player=bob).left  # kept: round 1 counts

    keeper_page = client.get(f"/games/{game.code}/keep/{new.tables[0].key}/", follow=True)
    assert "Bob (left the game)" in keeper_page.content.decode()
    game = Game.objects.get(pk=game.pk)
    board = load_board(game)
    engine = board.table.engines_left(board.engines_used)[0]
    scores = {k: v for k, v in points(game, 5, 0, 6).items() if k != str(bob.pk)}
    answer = client.put(
        f"/api/games/{game.code}/rounds/2",
        {"scores": scores, "engine": engine, "version": game.version},
        content_type="application/json",
        headers={"Authorization": f"Bearer {new.tables[0].key}"},
    )

    assert answer.status_code == 200, answer.content
    snapshot = answer.json()
    assert snapshot["rounds"][1]["scores"] == scores
    places = {p["name"]: p["place"] for p in snapshot["players"]}
    assert places == {"Ann": 1, "Cy": 2, "Bob": 3}  # Bob's 2 is lowest, but he left
    ended = client.post(
        f"/api/games/{game.code}/end",
        {},
        content_type="application/json",
        headers={"Authorization": f"Bearer {new.tables[0].key}"},
    )
    assert ended.status_code == 200, ended.content
    ended = ended.json()
    assert [p["name"] for p in ended["players"] if p["id"] in ended["winners"]] == ["Ann"]

    standings = {s["player"]["name"]: s for s in read(client, new.tournament.code)["standings"]}
    assert standings["Bob"]["status"] == "withdrawn"
    assert (standings["Bob"]["rounds"], standings["Bob"]["points"]) == (1, 1)
    assert (standings["Ann"]["rounds"], standings["Ann"]["points"]) == (2, 3)


def test_the_keepers_page_saves_a_round_with_the_withdrawn_seat_left_empty(started, client):
    new = started
    game = stage_games(new.stage)[0]
    bob = game.seats.get(player__name="Bob").player
    withdraw(tournament=new.tournament, player=bob)
    client.get(f"/games/{game.code}/keep/{new.tables[0].key}/")  # this browser keeps score
    game = Game.objects.get(pk=game.pk)
    board = load_board(game)
    typed = {f"score-{pid}": value for pid, value in points(game, 5, "", 6).items()}

    answer = client.post(
        f"/games/{game.code}/rounds/",
        {
            "number": 2,
            "version": game.version,
            "engine": board.table.engines_left(board.engines_used)[0],
            **typed,
        },
        follow=True,
    )

    assert "Round 2 saved." in answer.content.decode()
    ann, cy = (game.seats.get(player__name=name).player_id for name in ("Ann", "Cy"))
    assert load_board(Game.objects.get(pk=game.pk)).scores[2] == {ann: 5, cy: 6}
