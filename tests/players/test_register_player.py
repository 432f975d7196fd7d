from django.urls import reverse

from players.models import Player
from tests.factories import member

ROSTER = "/players/"


def test_it_registers_a_player_for_staff(staff_client):
    response = staff_client.post(ROSTER, {"name": "  Dave  "})
    assert response.status_code == 302
    assert list(Player.objects.values_list("name", flat=True)) == ["Dave"]
    page = staff_client.get(ROSTER)
    assert "Dave is registered." in page.content.decode()


def test_it_refuses_a_duplicate_name_in_any_case(staff_client):
    Player.objects.create(name="Dave")
    response = staff_client.post(ROSTER, {"name": "dAVE"})
    assert response.status_code == 422
    assert "Dave is already registered" in response.content.decode()
    assert Player.objects.count() == 1


def test_it_refuses_a_blank_name(staff_client):
    response = staff_client.post(ROSTER, {"name": "   "})
    assert "Type the player&#x27;s name." in response.content.decode()
    assert Player.objects.count() == 0


def test_it_refuses_a_name_over_forty_characters(staff_client):
    response = staff_client.post(ROSTER, {"name": "x" * 41})
    assert "40 characters or fewer" in response.content.decode()
    assert Player.objects.count() == 0


def test_it_refuses_an_anonymous_post(client, db):
    response = client.post(ROSTER, {"name": "Eve"})
    assert response.status_code == 403
    assert Player.objects.count() == 0


def test_it_refuses_a_post_from_a_logged_in_non_staff_user(db, client):
    client.force_login(member("player1"))
    response = client.post(ROSTER, {"name": "Eve"})
    assert response.status_code == 403
    assert Player.objects.count() == 0


def test_it_shows_no_register_form_to_visitors(client, db):
    Player.objects.create(name="Ann")
    page = client.get(ROSTER).content.decode()
    assert "Ann" in page
    assert "Register a player" not in page


def test_it_hides_players_who_left_unless_asked(client, db):
    Player.objects.create(name="Ann")
    Player.objects.create(name="Old Bob", active=False)
    assert "Old Bob" not in client.get(ROSTER).content.decode()
    assert "Old Bob" in client.get(ROSTER + "?inactive=1").content.decode()


def test_it_escapes_player_names(staff_client):
    staff_client.post(ROSTER, {"name": "<b>Bo</b>"})
    page = staff_client.get(reverse("records:roster")).content.decode()
    assert "<b>Bo</b>" not in page
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page
