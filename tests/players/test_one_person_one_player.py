"""One person, one player: the roster compares names as a person would (spaces, case and
accents aside), refuses a second registration naming the player who exists, and the
database refuses one too; names are shown as typed, their spaces tidied."""

import pytest
from django.db import IntegrityError, transaction

from players.models import Player
from players.names import same_person_key

ROSTER = "/players/"


@pytest.mark.parametrize(
    ("registered", "typed"),
    [
        ("Ngozi Adeyemi", "Ngozi  Adeyemi"),
        ("Ngozi Adeyemi", " ngozi adeyemi "),
        ("Dolores Castañeda", "Dolores  Castaneda"),
        ("Siobhán Ní Mhaonaigh", "SIOBHAN NI MHAONAIGH"),
    ],
)
def test_it_refuses_the_same_person_typed_another_way(staff_client, registered, typed):
    Player.objects.create(name=registered)
    response = staff_client.post(ROSTER, {"name": typed})
    assert response.status_code == 422
    assert f"{registered} is already registered" in response.content.decode()
    assert list(Player.objects.values_list("name", flat=True)) == [registered]


def test_it_keeps_a_name_as_typed_its_spaces_tidied(staff_client):
    staff_client.post(ROSTER, {"name": "  María-José   Fernández "})
    assert list(Player.objects.values_list("name", flat=True)) == ["María-José Fernández"]


def test_two_different_people_are_both_registered(staff_client):
    Player.objects.create(name="Ann Lee")
    staff_client.post(ROSTER, {"name": "Anne Lee"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ann Lee", "Anne Lee"]


def test_the_database_refuses_a_second_player_of_the_same_name(db):
    Player.objects.create(name="Dolores Castañeda")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="dolores  castaneda")
    assert Player.objects.count() == 1


def test_same_person_finds_the_player_whatever_way_their_name_is_typed(db):
    ngozi = Player.objects.create(name="Ngozi Adeyemi")
    assert Player.objects.same_person("Ngozi  Adeyemi") == ngozi
    assert Player.objects.same_person("NGOZI ADÉYEMI") == ngozi
    assert Player.objects.same_person("Ngozi Adeyemi-Okafor") is None


def test_names_read_from_a_sheet_or_a_command_find_the_same_person(db):
    ngozi = Player.objects.create(name="Ngozi Adeyemi")
    found, registered = Player.objects.find_or_register(["Ngozi  Adeyemi", "Zoë  Park"])
    assert found["ngozi  adeyemi"] == ngozi
    assert registered == ["Zoë Park"]
    assert found["zoë  park"].name == "Zoë Park"
    assert Player.objects.count() == 2


def test_the_comparison_folds_spaces_case_and_accents_only():
    assert same_person_key("  Ólafur   Þórsson ") == same_person_key("olafur thorsson")
    assert same_person_key("Zoë") == same_person_key("ZOE")
    assert same_person_key("Bartholomew") != same_person_key("Bartholomew Fairweather-Smythe")
