"""One person, one entrant: "Ngozi  Adeyemi" (two spaces, another case, an accent) is the
"Ngozi Adeyemi" already entered or registered, on the new-tournament form, for a late
entrant (the overview's form and the API) and in `newtournament`; each refusal names the
player who is there."""

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from players.models import Player
from tests.factories import numbered, register, staff_member, tournament_of
from tournaments.models import Entrant, Tournament


def look_alike(name: str) -> Player:
    """A second registration of a name, as kept from before names were compared so
    (players/migrations/0002_player_folded_name.py keeps them apart, folded name empty)."""
    player = Player.objects.create(name="placeholder")
    Player.objects.filter(pk=player.pk).update(name=name, folded_name=None)
    return Player.objects.get(pk=player.pk)


@pytest.fixture
def tournament(db):
    return tournament_of(["Ngozi Adeyemi", "Bob", "Cy"], ["Di", "Ed", "Flo"], games=3, rounds=1)


def test_a_late_entrant_typed_with_two_spaces_is_the_player_already_entered(
    tournament, admin_client
):
    code = tournament.tournament.code
    answer = admin_client.post(f"/tournaments/{code}/entrants/", {"name": "ngozi  ADEYEMI"})

    page = admin_client.get(answer["Location"]).content.decode()
    assert "Ngozi Adeyemi is already entered; enter each player once." in page
    assert Entrant.objects.filter(tournament=tournament.tournament).count() == 6
    assert Player.objects.filter(name__icontains="ngozi").count() == 1


def test_the_api_refuses_a_look_alike_of_an_entrant_naming_them(tournament):
    look_alike("Ngozi  Adéyemi")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff_member("organiser"))
    code = tournament.tournament.code
    browser.get(f"/tournaments/{code}/")

    answer = browser.post(
        f"/api/tournaments/{code}/entrants",
        {"name": "Ngozi  Adéyemi"},
        content_type="application/json",
        headers={"X-CSRFToken": browser.cookies["csrftoken"].value},
    )

    assert answer.status_code == 422
    assert answer.json()["errors"] == {
        "name": "Ngozi Adeyemi is already entered; enter each player once."
    }
    assert Entrant.objects.filter(tournament=tournament.tournament).count() == 6


def test_the_new_tournament_form_refuses_two_registrations_of_one_person(admin_client):
    players = [*register("Ngozi Adeyemi"), look_alike("Ngozi  Adeyemi"), *numbered(6)]
    answer = admin_client.post(
        "/tournaments/new/",
        {
            "name": "Spring open",
            "date": "2026-11-26",
            "game": "mexican-train",
            "format": "rotation",
            "players": [p.pk for p in players],
            "table_min": "4",
            "table_max": "4",
            "games": "2",
        },
    )

    assert answer.status_code == 422
    assert "Ngozi Adeyemi is entered twice; enter each player once." in answer.content.decode()
    assert not Tournament.objects.exists()


def test_newtournament_refuses_one_name_typed_twice_and_registers_nobody(db):
    with pytest.raises(CommandError) as refused:
        call_command(
            "newtournament", "--name", "Spring open", "--ruleset", "mexican-train",
            "--format", "rotation", "--games", "2", "--table-size", "3-4",
            "--players", "Ngozi Adeyemi,Bob,Cy,Di,Ed,ngozi  adeyemi",
        )  # fmt: skip

    assert str(refused.value) == "Ngozi Adeyemi is entered twice; enter each player once."
    assert not Player.objects.exists()
