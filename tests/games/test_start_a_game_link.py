from django.urls import reverse


def test_it_offers_staff_a_start_a_game_button(staff_client):
    for page in ("home", "records:history"):
        assert reverse("games:new") in staff_client.get(reverse(page)).content.decode()


def test_it_offers_visitors_no_start_a_game_button(client, db):
    for page in ("home", "records:history"):
        assert reverse("games:new") not in client.get(reverse(page)).content.decode()
