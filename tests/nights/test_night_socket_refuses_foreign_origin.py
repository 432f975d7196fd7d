"""Another site's page cannot open a night's socket in a visitor's browser."""

import pytest

from tests.factories import make_night
from tests.nights.conftest import night_socket


@pytest.fixture
def night(transactional_db):
    return make_night(4).night


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_a_night_socket_opened_from_another_site(night):
    viewer = night_socket(night.code, origin=b"https://elsewhere.example")

    connected, _ = await viewer.connect()

    assert not connected


@pytest.mark.django_db(transaction=True)
async def test_it_accepts_the_same_socket_from_our_own_site(night):
    viewer = night_socket(night.code)

    connected, _ = await viewer.connect()

    assert connected
    assert (await viewer.receive_json_from(timeout=5))["type"] == "night"
    await viewer.disconnect()
