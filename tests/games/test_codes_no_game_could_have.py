"""An address whose code holds what no code can (a NUL, a space, a dot) is a plain
"no such game": PostgreSQL used to answer a NUL with an error, and the page with a 500."""

import pytest

ADDRESSES = [
    "/games/%00/",
    "/games/ab%00cd/screen/",
    "/games/a%20b/board/",
    "/games/a.b/export.csv",
    "/nights/%00/",
    "/nights/%00/screen/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("address", ADDRESSES)
def test_a_page_for_a_code_no_game_could_have_is_not_found(client, address):
    assert client.get(address).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/api/games/%00", "/api/nights/a%00b"])
def test_the_api_says_in_a_sentence_there_is_no_such_address(client, address):
    answer = client.get(address)

    assert answer.status_code == 404
    assert answer.json()["detail"].endswith(".")
