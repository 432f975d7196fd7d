"""Another site's page cannot open a game's socket in a visitor's browser."""

import pytest

from tests.live.conftest import socket


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_a_socket_opened_from_another_site(game):
    viewer = socket(game.code, origin=b"https://elsewhere.example")

    connected, _ = await viewer.connect()

    assert not connected


@pytest.mark.django_db(transaction=True)
async def test_it_accepts_the_same_socket_from_our_own_site(game):
    viewer = socket(game.code)

    connected, _ = await viewer.connect()

    assert connected
    await viewer.disconnect()
