"""Staff start a night at /nights/new/: the form, the seating shown before anything is
kept, then the night with each table's scorekeeper link. All by plain form posts."""

import re

import pytest

from games.models import Game
from nights.models import Night
from tests.factories import member, numbered


@pytest.fixture
def eleven(db):
    return numbered(11)


def choices(players, **extra) -> dict:
    return {
        "name": "Tuesday club",
        "date": "2026-11-24",
        "game": "mexican-train",
        "players": [p.pk for p in players],
        "tables": "",
        **extra,
    }


def hidden_fields(page: str) -> dict[str, list[str]]:
    """The preview's hidden inputs, as the browser would post them back."""
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page):
        fields.setdefault(name, []).append(value)
    return fields


def test_it_sends_visitors_to_log_in_and_turns_away_members(client, eleven):
    answer = client.get("/nights/new/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/login/?next=/nights/new/")

    client.force_login(member("member"))
    assert client.get("/nights/new/").status_code == 403
    assert client.post("/nights/new/", choices(eleven, step="confirm")).status_code == 403
    assert not Night.objects.exists()


def test_it_offers_every_game_the_active_players_and_today(staff_client, eleven):
    page = staff_client.get("/nights/new/").content.decode()
    for name in ("Mexican Train", "OLL Train: Even doubles", "Derailing the Train", "Number 9"):
        assert name in page
    assert ">P11</label>" in page
    assert "Seat them for me" in page
    assert 'type="date"' in page


def test_it_shows_the_drawn_seating_and_keeps_nothing_until_confirmed(staff_client, eleven):
    preview = staff_client.post("/nights/new/", choices(eleven))

    assert preview.status_code == 200
    page = preview.content.decode()
    assert "Table 1" in page and "Table 2" in page and "Table 3" not in page
    seated = hidden_fields(page)
    sizes = sorted(len(seated[f"table-{n}"][0].split(",")) for n in (1, 2))
    assert sizes == [5, 6]
    assert not Night.objects.exists() and not Game.objects.exists()


def test_it_starts_the_night_with_the_seating_that_was_shown(staff_client, eleven):
    page = staff_client.post("/nights/new/", choices(eleven)).content.decode()
    shown = hidden_fields(page)

    answer = staff_client.post("/nights/new/", {**shown, "step": "confirm"})

    night = Night.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/nights/{night.code}/#tables"
    assert (night.name, str(night.date)) == ("Tuesday club", "2026-11-24")
    assert night.ruleset == "mexican-train"
    for table in night.tables.all():
        ids = ",".join(str(s.player_id) for s in table.game.seats.all())
        assert shown[f"table-{table.position}"] == [ids], "seated as the preview showed"

    night_page = staff_client.get(answer["Location"]).content.decode()
    for table in night.tables.all():
        keeper = re.search(rf"http://testserver/games/{table.game.code}/keep/([\w-]+)/", night_page)
        assert keeper, f"{table.label}'s scorekeeper link is shown to the staff who started it"
    assert night_page.count('aria-label="QR code for the scorekeeper link"') == 2


def test_it_draws_again_or_goes_back_to_the_choices(staff_client, eleven):
    first = hidden_fields(staff_client.post("/nights/new/", choices(eleven)).content.decode())

    back = staff_client.post("/nights/new/", {**first, "step": "change"})
    assert back.status_code == 200
    assert 'value="Tuesday club"' in back.content.decode()

    again = staff_client.post("/nights/new/", {**first, "step": "draw"})
    assert again.status_code == 200
    assert "Start the night" in again.content.decode()
    assert not Night.objects.exists()


def test_it_seats_at_the_number_of_tables_asked_for(staff_client, eleven):
    page = staff_client.post("/nights/new/", choices(eleven, tables="3")).content.decode()
    seated = hidden_fields(page)
    assert sorted(len(seated[f"table-{n}"][0].split(",")) for n in (1, 2, 3)) == [3, 4, 4]


def test_it_explains_a_table_count_that_cannot_work_and_keeps_nothing(staff_client, eleven):
    answer = staff_client.post("/nights/new/", choices(eleven, tables="1"))
    assert answer.status_code == 422
    assert "11 players need 2 to 5 tables; you asked for 1" in answer.content.decode()
    assert not Night.objects.exists()


def test_it_explains_too_few_players(staff_client, eleven):
    answer = staff_client.post("/nights/new/", choices(eleven[:1]))
    assert answer.status_code == 422
    assert "needs at least 2 players at a table; add 1 more" in answer.content.decode()


def test_it_refuses_a_seating_that_does_not_match_the_players(staff_client, eleven):
    shown = hidden_fields(staff_client.post("/nights/new/", choices(eleven)).content.decode())
    shown["table-1"] = [shown["table-1"][0].rsplit(",", 1)[0]]  # one player left out

    answer = staff_client.post("/nights/new/", {**shown, "step": "confirm"})

    assert answer.status_code == 422
    assert "The seating shown no longer matches the players ticked" in answer.content.decode()
    assert not Night.objects.exists()
