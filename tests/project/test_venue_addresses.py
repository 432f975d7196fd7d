"""The address phones should open and the names the server answers to on a venue's network."""

import socket

import pytest

from trainscore import venue_network


def can_bind(address: str) -> bool:
    """Only an address of this machine can be bound to."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.bind((address, 0))
    except OSError:
        return False
    return True


@pytest.fixture
def lan():
    address = venue_network.lan_address()
    if address is None:
        pytest.skip("this machine is on no network")
    return address


def test_listening_everywhere_gives_this_machines_own_network_address(lan):
    for everywhere in ("0.0.0.0", "::"):
        address = venue_network.public_address(everywhere)
        assert address == lan
        assert not venue_network.is_loopback(address)
        assert can_bind(address), f"{address} is not an address of this machine"
    # daphne on 0.0.0.0 takes IPv4 only: an IPv6 address printed for it would not answer.
    assert ":" not in venue_network.public_address("0.0.0.0")


def test_a_chosen_address_is_the_one_printed():
    assert venue_network.public_address("127.0.0.1") == "127.0.0.1"
    assert venue_network.public_address("192.168.1.20") == "192.168.1.20"


def test_the_server_answers_to_the_machines_names_and_addresses(lan):
    names = venue_network.own_names()
    hostname = socket.gethostname().lower()
    assert {"localhost", "127.0.0.1", "[::1]", hostname, f"{hostname}.local"} <= set(names)
    assert venue_network.url_host(lan) in names
    assert len(names) == len(set(names))


def test_ipv6_addresses_are_bracketed_in_links_and_host_names():
    assert venue_network.url_host("fd00::2") == "[fd00::2]"
    assert venue_network.url_host("[fd00::2]") == "[fd00::2]"
    assert venue_network.url_host("192.168.1.20") == "192.168.1.20"


def test_it_tells_listening_everywhere_from_one_address():
    assert venue_network.is_everywhere("0.0.0.0")
    assert venue_network.is_everywhere("[::]")
    assert not venue_network.is_everywhere("127.0.0.1")
    assert venue_network.is_loopback("::1") and venue_network.is_loopback("localhost")
    assert not venue_network.is_loopback("192.168.1.20")
