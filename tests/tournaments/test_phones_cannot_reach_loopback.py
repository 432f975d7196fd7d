"""Served on this computer's own address (`make run` on 127.0.0.1), the QR codes and links
of the table cards, the wall and the overview open on no phone: those pages say so, and
how to serve the venue's network; served on the venue's network they say nothing of it."""

import pytest
from django.test import override_settings

from tests.factories import tournament_of
from trainscore import venue_network

SAID = "Phones cannot open these links and codes"
SAID_ON_THE_WALL = "Phones cannot open this code"


@pytest.fixture
def tournament(db):
    return tournament_of(["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2)


def pages(client, new) -> dict[str, str]:
    code = new.tournament.code
    return {
        path: client.get(path).content.decode()
        for path in (f"/tournaments/{code}/", f"/tournaments/{code}/stages/1/cards/",
                     f"/tournaments/{code}/screen/")
    }  # fmt: skip


@pytest.mark.parametrize(
    "site", ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"]
)
def test_on_a_loopback_address_the_pages_of_codes_say_how_to_serve_the_venue(
    staff_client, tournament, site
):
    command = venue_network.serve_everywhere_command()
    assert command == "make run HOST=0.0.0.0"  # run from a checkout
    with override_settings(SITE_URL=site):
        overview, cards, wall = pages(staff_client, tournament).values()
    for page in (overview, cards):
        assert SAID in page
        assert f"<code>{command}</code>" in page
    assert SAID_ON_THE_WALL in wall
    assert f"<code>{command}</code>" in wall


def test_in_spanish_and_french_too(staff_client, tournament):
    with override_settings(SITE_URL="http://127.0.0.1:8000"):
        code = tournament.tournament.code
        spanish = staff_client.get(f"/tournaments/{code}/", HTTP_ACCEPT_LANGUAGE="es")
        french = staff_client.get(f"/tournaments/{code}/stages/1/cards/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Los móviles no pueden abrir estos enlaces" in spanish.content.decode()
    assert "Les téléphones ne peuvent pas ouvrir ces liens" in french.content.decode()


def test_on_the_venues_network_they_say_nothing_of_it(staff_client, tournament):
    with override_settings(SITE_URL="http://192.168.1.20:8000"):
        for page in pages(staff_client, tournament).values():
            assert "Phones cannot open" not in page
