"""Withdrawals: the overview's picker starts on no one, a withdrawal is confirmed by name
before it is kept, a player withdrawn from a table that has saved nothing is taken off it
(played short), and a withdrawal is undone ("Reinstate") from the overview and by
`DELETE /api/tournaments/<code>/withdrawals/<player id>`."""

import re

import pytest
from django.test import Client

from tests.factories import member, register, seated_names, staff_member, stage_games, tournament_of
from tests.tournaments.kit import play_stage
from tournaments.models import Entrant
from tournaments.stages import seat_next_stage

FIRST = ["Ann", "Bob", "Cy"]
SECOND = ["Di", "Ed", "Flo"]


@pytest.fixture
def rotation(db):
    return tournament_of(FIRST, SECOND, table_size=(3, 3), games=3, rounds=1)


def withdrawn(name: str) -> bool:
    return Entrant.objects.get(player__name=name).withdrawn is not None


def test_the_withdraw_picker_starts_on_pick_a_player(rotation, admin_client):
    page = admin_client.get(f"/tournaments/{rotation.tournament.code}/").content.decode()

    picker = re.search(r'<select name="player"[^>]*>(.*?)</select>', page, re.S).group(1)
    first = re.search(r"<option([^>]*)>([^<]*)</option>", picker)
    assert (first.group(1).strip(), first.group(2)) == ('value="" selected', "Pick a player")


def test_a_withdrawal_is_confirmed_by_name_before_it_is_kept(rotation, admin_client):
    code = rotation.tournament.code
    (bob,) = register("Bob")

    asked = admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": bob.pk})

    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Withdraw Bob?" in page
    assert '<button type="submit" name="step" value="confirm"' in page
    assert not withdrawn("Bob")

    admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": bob.pk, "step": "confirm"})
    assert withdrawn("Bob")


def test_an_empty_pick_withdraws_nobody_and_says_so(rotation, admin_client):
    code = rotation.tournament.code
    answer = admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": ""}, follow=True)

    assert "Pick the player who withdraws." in answer.content.decode()
    assert not Entrant.objects.filter(withdrawn__isnull=False).exists()


def test_a_player_withdrawn_from_an_unplayed_table_is_taken_off_it(rotation, admin_client):
    code = rotation.tournament.code
    (bob,) = register("Bob")
    table = stage_games(rotation.stage)[0]
    version = table.version

    admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": bob.pk, "step": "confirm"})

    table.refresh_from_db()
    assert seated_names(table) == ["Ann", "Cy"]  # played short: 2 is within 2–8
    assert table.version == version + 1  # its board and keeper follow


def test_reinstate_from_the_overview_seats_them_again_next_stage(rotation, admin_client):
    code = rotation.tournament.code
    (bob,) = register("Bob")
    admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": bob.pk, "step": "confirm"})
    page = admin_client.get(f"/tournaments/{code}/").content.decode()
    assert "Reinstate Bob" in page

    answer = admin_client.post(f"/tournaments/{code}/withdrawals/{bob.pk}/reinstate/", follow=True)

    assert "Bob is back in the tournament and is seated from the next stage." in (
        answer.content.decode()
    )
    assert not withdrawn("Bob")
    play_stage(rotation.stage, {"Ann": [3], "Cy": [4], "Di": [5], "Ed": [6], "Flo": [7]})
    stage_2 = seat_next_stage(tournament=rotation.tournament).stage
    assert "Bob" in {n for g in stage_games(stage_2) for n in seated_names(g)}


@pytest.fixture
def organiser(rotation):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff_member("organiser"))
    assert browser.get(f"/tournaments/{rotation.tournament.code}/").status_code == 200
    return browser


def delete(browser: Client, code: str, player, *, token: bool = True):
    headers = {"X-CSRFToken": browser.cookies["csrftoken"].value} if token else {}
    return browser.delete(f"/api/tournaments/{code}/withdrawals/{player}", headers=headers)


def test_the_api_undoes_a_withdrawal_and_answers_the_tournament(rotation, organiser):
    code = rotation.tournament.code
    (ed,) = register("Ed")
    organiser.post(
        f"/api/tournaments/{code}/withdrawals",
        {"player": ed.pk},
        content_type="application/json",
        headers={"X-CSRFToken": organiser.cookies["csrftoken"].value},
    )
    assert withdrawn("Ed")

    answer = delete(organiser, code, ed.pk)

    assert answer.status_code == 200, answer.content
    (line,) = [s for s in answer.json()["standings"] if s["player"]["name"] == "Ed"]
    assert line["status"] == "playing"
    assert answer.json() == organiser.get(f"/api/tournaments/{code}").json()
    assert not withdrawn("Ed")


def test_the_api_refuses_to_undo_with_a_sentence(rotation, organiser):
    code = rotation.tournament.code
    (ed,) = register("Ed")
    visitor = Client(enforce_csrf_checks=True)
    player = Client(enforce_csrf_checks=True)
    player.force_login(member("member"))
    player.get(f"/tournaments/{code}/")

    assert delete(visitor, code, ed.pk, token=False).status_code == 401
    assert delete(player, code, ed.pk).status_code == 403
    assert delete(organiser, code, ed.pk, token=False).status_code == 403
    assert delete(organiser, "AAAAAAAAAAAA", ed.pk).status_code == 404
    assert delete(organiser, code, 999999).json() == {
        "detail": "No player has this id; send the id the standings give."
    }
    refused = delete(organiser, code, ed.pk)
    assert refused.status_code == 422
    assert refused.json()["errors"] == {
        "player": "Ed has not withdrawn, so there is nothing to undo."
    }
