"""A stage's table cards (staff only: each carries its table's scorekeeper key): per table
the tournament, the stage, the table's name in the reader's language, the players in seat
order, and the scorekeeper's QR code and key. Any staff browser shows the keys kept when
the stage was seated; making new ones asks first and then voids the printed cards."""

import re

import pytest

from tests.factories import member, seated_names, stage_games, tournament_of
from tournaments.models import TableKey

SEATS = [["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"]]


@pytest.fixture
def new(db):
    return tournament_of(*SEATS, table_size=(3, 3), games=2, rounds=1)


def cards_path(new, number: int = 1) -> str:
    return f"/tournaments/{new.tournament.code}/stages/{number}/cards/"


def card_of(page: str, label: str) -> str:
    """The card whose heading is `label`."""
    cards = re.findall(r'<section class="table-card".*?</section>', page, flags=re.S)
    (card,) = [card for card in cards if f">{label}</h2>" in card]
    return card


def test_visitors_are_sent_to_log_in_and_players_are_refused(new, client):
    answer = client.get(cards_path(new))
    assert answer.status_code == 302 and answer.url.startswith("/login/")
    player = member("ann")
    client.force_login(player)
    answer = client.get(cards_path(new))
    assert answer.status_code == 403
    assert 'class="key"' not in answer.content.decode()


def test_each_card_has_the_tables_seats_and_its_scorekeepers_qr_code_and_key(new, staff_client):
    page = staff_client.get(cards_path(new)).content.decode()
    assert "Table cards for Game 1" in page
    assert "does not know the scorekeeper" not in page
    for table in new.tables:
        game = table.game
        card = card_of(page, game.table_name)
        assert "Spring open · Game 1" in card
        assert re.findall(r"<li>([^<]+)</li>", card) == seated_names(game)
        assert f'<code class="key">{table.key}</code>' in card
        assert f"testserver/games/{game.code}/keep/{table.key}/" in card
        assert f'aria-label="QR code for the scorekeeper of {game.table_name}"' in card
    assert page.count('<svg class="qr"') == 2


def test_the_table_is_named_in_the_readers_language(new, staff_client):
    page = staff_client.get(cards_path(new), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert [game.table_label for game in stage_games(new.stage)] == ["", ""]
    assert re.findall(r'<h2 id="card-[^"]+">([^<]+)</h2>', page) == ["Mesa 1", "Mesa 2"]


def test_another_staff_browser_shows_the_same_keys_the_printed_cards_carry(new, staff_client):
    page = staff_client.get(cards_path(new)).content.decode()

    assert "No scorekeeper link" not in page
    for table in new.tables:
        card = card_of(page, table.game.table_name)
        assert f'<code class="key">{table.key}</code>' in card


def test_new_keys_are_made_only_after_saying_the_printed_cards_stop_working(new, staff_client):
    asked = staff_client.post(cards_path(new)).content.decode()
    assert "Every printed card of Game 1 stops working" in asked
    assert staff_client.get(cards_path(new)).content.decode().count(new.tables[0].key) >= 1

    answer = staff_client.post(cards_path(new), {"step": "confirm"}, follow=True)
    page = answer.content.decode()
    assert "Here are new scorekeeper links for 2 tables" in page
    keys = re.findall(r'<code class="key">([^<]+)</code>', page)
    assert len(keys) == 2 and not {t.key for t in new.tables} & set(keys)

    for table, key in zip(new.tables, keys, strict=True):
        code = table.game.code
        staff_client.logout()
        old = staff_client.get(f"/games/{code}/keep/{table.key}/")
        assert "This browser now keeps score" not in old.content.decode()
        opened = staff_client.get(f"/games/{code}/keep/{key}/", follow=True)
        assert "This browser now keeps score for this game" in opened.content.decode()


def test_an_open_cards_page_learns_its_keys_were_replaced(new, staff_client):
    page = staff_client.get(cards_path(new)).content.decode()
    shown = re.search(r'data-keys="([^"]+)"', page).group(1)
    assert staff_client.get(cards_path(new) + "keys/").json() == {"keys": shown}

    staff_client.post(cards_path(new), {"step": "confirm"})

    assert staff_client.get(cards_path(new) + "keys/").json()["keys"] != shown


def test_cards_for_a_stage_not_seated_are_a_404(new, staff_client):
    assert staff_client.get(cards_path(new, 2)).status_code == 404


@pytest.mark.parametrize("tables", [2, 6])
def test_the_cards_read_in_a_fixed_number_of_queries(
    db, staff_client, django_assert_max_num_queries, tables
):
    names = [f"P{n}" for n in range(1, 3 * tables + 1)]
    new = tournament_of(
        *[names[i : i + 3] for i in range(0, len(names), 3)], table_size=(3, 3), games=2
    )
    # The session and its staff member, then the tournament as the overview reads it.
    with django_assert_max_num_queries(9):
        page = staff_client.get(cards_path(new)).content.decode()
    assert page.count('<code class="key">') == tables


def test_a_stage_seated_before_keys_were_kept_says_so_and_offers_new_links(new, staff_client):
    TableKey.objects.all().delete()  # as a stage seated before any device could print
    page = staff_client.get(cards_path(new)).content.decode()
    assert "No scorekeeper links were kept for 2 tables" in page
    assert page.count("No scorekeeper link kept for this table") == 2

    page = staff_client.post(cards_path(new), {"step": "confirm"}, follow=True).content.decode()

    assert len(re.findall(r'<code class="key">([^<]+)</code>', page)) == 2
    assert "No scorekeeper link kept" not in page
