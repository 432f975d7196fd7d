"""Staff start a game at /games/new/; everyone else is turned away."""

import re

import pytest

from games.models import Game
from games.starting import start_game
from players.models import Player
from tests.factories import member


@pytest.fixture
def players(db):
    return {n: Player.objects.create(name=n) for n in ("Ann", "Bob", "Cy", "Dee")}


def test_it_sends_visitors_to_log_in_and_starts_nothing(client, players):
    page = client.get("/games/new/")
    assert page.status_code == 302
    assert page["Location"].startswith("/login/?next=/games/new/")

    posted = client.post("/games/new/", {"game": "mexican-train", "players": [1, 2]})
    assert posted.status_code == 302
    assert not Game.objects.exists()


def test_it_tells_a_member_without_staff_rights_who_can_start_games(client, players):
    client.force_login(member("member"))
    page = client.get("/games/new/")
    assert page.status_code == 403
    assert b"Only club staff can start a game" in page.content


def test_it_offers_every_game_and_only_active_players(staff_client, players):
    players["Dee"].active = False
    players["Dee"].save()
    page = staff_client.get("/games/new/").content.decode()
    for name in ("Mexican Train", "OLL Train: Even doubles", "Derailing the Train", "Number 9"):
        assert name in page
    assert "15 for 2–4 players" in page  # the tiles-per-hand hint, from rules/
    assert ">Ann</label>" in page
    assert ">Dee</label>" not in page


def test_it_seats_players_by_their_seat_numbers_and_shows_both_links(staff_client, players):
    ann, bob, cy = players["Ann"], players["Bob"], players["Cy"]
    answer = staff_client.post(
        "/games/new/",
        {
            "game": "oll/even",
            "players": [ann.pk, bob.pk, cy.pk],
            f"seat-{cy.pk}": "1",
            f"seat-{ann.pk}": "2",
            "table_label": "Table 2",
        },
    )
    game = Game.objects.get()
    assert answer.status_code == 302
    assert (game.ruleset, game.variant, game.table_label) == ("oll", "even", "Table 2")
    assert [s.player.name for s in game.seats.all()] == ["Cy", "Ann", "Bob"]

    page = staff_client.get(answer["Location"]).content.decode()
    assert f"http://testserver/games/{game.code}/" in page
    keeper_link = re.search(rf"http://testserver/games/{game.code}/keep/([\w-]+)/", page)
    assert keeper_link, "the scorekeeper link is shown after starting the game"
    assert f'<code class="key">{keeper_link.group(1)}</code>' in page
    assert page.count('<svg class="qr" role="img"') == 2
    assert 'id="round-form"' in page  # the creator's browser keeps score


def test_it_explains_a_player_count_the_game_does_not_allow(staff_client, players):
    answer = staff_client.post(
        "/games/new/", {"game": "number-9/tournament", "players": [players["Ann"].pk]}
    )
    assert answer.status_code == 422
    assert "needs exactly 6 players" in answer.content.decode()
    assert not Game.objects.exists()


def test_it_asks_for_a_game_and_players_when_none_are_picked(staff_client, players):
    answer = staff_client.post("/games/new/", {})
    page = answer.content.decode()
    assert answer.status_code == 422
    assert "Choose which game the table is playing." in page
    assert "Pick the players at the table." in page
    assert not Game.objects.exists()


def test_it_lets_other_staff_replace_a_lost_scorekeeper_link(client, staff, players):
    started = start_game(
        ruleset="mexican-train", variant=None, players=[players["Ann"], players["Bob"]]
    )
    game = started.game
    client.force_login(staff)
    page = client.get(f"/games/{game.code}/").content.decode()
    assert started.key not in page
    assert "Make a new scorekeeper link" in page

    answer = client.post(f"/games/{game.code}/new-key/")
    page = client.get(answer["Location"]).content.decode()
    new_key = re.search(rf"/games/{game.code}/keep/([\w-]+)/", page).group(1)
    assert new_key != started.key
    client.logout()
    assert client.get(f"/games/{game.code}/keep/{started.key}/").status_code == 403
    assert client.get(f"/games/{game.code}/keep/{new_key}/").status_code == 302
