"""Lists of names read in the order a reader of the page's language expects: an accented
letter with its base letter ("Ólafur" before "Zoë"), case aside, and in Spanish "ñ" after
"n": in the pickers that start a game, the roster sorted by name, a tournament's "Find
your table" on the wall and the player's "My table" picker."""

import re

import pytest

from core.collation import by_name
from players.models import Player
from tests.factories import tournament_of

NAMES = ["Zoë Adams", "Ólafur Arnalds", "émile Zola", "Nuñez Ana", "Nuez Bea", "Nunez Cy", "Eve"]
IN_ENGLISH = ["émile Zola", "Eve", "Nuez Bea", "Nuñez Ana", "Nunez Cy", "Ólafur Arnalds",
              "Zoë Adams"]  # fmt: skip
IN_SPANISH = ["émile Zola", "Eve", "Nuez Bea", "Nunez Cy", "Nuñez Ana", "Ólafur Arnalds",
              "Zoë Adams"]  # fmt: skip


def test_accented_letters_sort_with_their_base_letter():
    assert by_name(NAMES, language="en") == IN_ENGLISH
    assert by_name(NAMES, language="fr") == IN_ENGLISH
    assert by_name(NAMES, language="es") == IN_SPANISH
    assert by_name(["Ølaf", "Oscar", "Łukasz", "Lars"], language="en") == [
        "Lars", "Łukasz", "Ølaf", "Oscar"
    ]  # fmt: skip


def shown(page: str, pattern: str) -> list[str]:
    return [name for name in re.findall(pattern, page) if name in NAMES]


@pytest.mark.parametrize(("language", "order"), [("en", IN_ENGLISH), ("es", IN_SPANISH)])
def test_the_game_pickers_and_the_roster_list_names_in_the_readers_order(
    staff_client, language, order
):
    for name in NAMES:
        Player.objects.create(name=name)
    picker = staff_client.get("/games/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown(picker, r">\s*([^<>]+?)\s*</") == order
    roster = staff_client.get("/players/?sort=name", HTTP_ACCEPT_LANGUAGE=language)
    assert shown(roster.content.decode(), r">([^<>]+)</a>") == order
    backwards = staff_client.get("/players/?sort=-name", HTTP_ACCEPT_LANGUAGE=language)
    assert shown(backwards.content.decode(), r">([^<>]+)</a>") == order[::-1]


@pytest.mark.parametrize(("language", "order"), [("fr", IN_ENGLISH), ("es", IN_SPANISH)])
def test_find_your_table_and_my_table_list_names_in_the_readers_order(client, db, language, order):
    new = tournament_of(NAMES[:4], NAMES[4:] + ["Abe"], table_size=(3, 4), games=2, rounds=1)
    code = new.tournament.code
    wall = client.get(f"/tournaments/{code}/screen/", HTTP_ACCEPT_LANGUAGE=language)
    assert shown(wall.content.decode(), r'class="find-name">([^<]+)<') == order
    page = client.get(f"/tournaments/{code}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown(page, r"<option value=\"\d+\"[^>]*>([^<]+)</option>") == order
