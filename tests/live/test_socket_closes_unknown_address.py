"""A socket opened on an address no feed has is closed with 4404, as an unknown game's is,
through the real server (it used to answer the handshake with a 500)."""

import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect


@pytest.mark.parametrize(
    "path", ["/ws/nothing/", "/ws/games/", "/ws/games/a/b/", "/api/", "/ws/nights/a%00b/"]
)
def test_it_closes_a_socket_on_an_address_it_does_not_have_with_4404(server, path):
    errors = server.output().count("Exception inside application")
    url = server.ws_url + path
    with (
        connect(url, origin=server.url, proxy=None, open_timeout=10) as socket,
        pytest.raises(ConnectionClosedError) as closed,
    ):
        socket.recv(timeout=10)

    assert closed.value.rcvd.code == 4404
    assert server.output().count("Exception inside application") == errors
