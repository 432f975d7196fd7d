"""`/tournaments/new/` (staff): the form starts a tournament and seats its first stage,
or names what to change and keeps nothing."""

import re

from tests.factories import numbered
from tournaments.models import Tournament


def form(players, **extra):
    return {
        "name": "Spring open",
        "date": "2026-11-26",
        "game": "mexican-train",
        "format": "rotation",
        "players": [p.pk for p in players],
        "table_min": "4",
        "table_max": "5",
        "games": "3",
        **extra,
    }


def test_staff_start_a_tournament_and_find_its_first_stages_keeper_links(admin_client):
    players = numbered(9)
    answer = admin_client.post(
        "/tournaments/new/", form(players, bands="P1 = 60–69\nP2 = 70–79", minutes="45")
    )
    tournament = Tournament.objects.get()
    stage = tournament.stages.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{tournament.code}/#stages"
    assert (tournament.format, tournament.games, tournament.minutes) == ("rotation", 3, 45)
    assert (tournament.table_min, tournament.table_max) == (4, 5)
    assert tournament.bands == ["60–69", "70–79"]
    assert tournament.entrants.count() == 9
    overview = admin_client.get(answer["Location"]).content.decode()
    assert "Game 1 is seated." in overview
    assert f'href="/nights/{stage.night.code}/#tables">scorekeeper links</a>' in overview
    night = admin_client.get(f"/nights/{stage.night.code}/").content.decode()
    assert len(re.findall(r'class="keeper-url"', night)) == 2  # this browser keeps the keys


def test_bad_settings_are_named_and_nothing_is_kept(admin_client):
    players = numbered(7)
    answer = admin_client.post("/tournaments/new/", form(players, table_max="8", table_min="4"))
    assert answer.status_code == 422
    assert (
        "A tournament needs at least two tables of 4, so 8 players; you entered 7."
        in answer.content.decode()
    )
    assert not Tournament.objects.exists()


def test_a_band_for_a_player_not_ticked_is_named(admin_client):
    players = numbered(8)
    answer = admin_client.post("/tournaments/new/", form(players, bands="Zed = 80+"))
    assert answer.status_code == 422
    assert "&#x27;Zed&#x27; has a band but is not ticked" in answer.content.decode()


def test_visitors_are_sent_to_log_in(client):
    answer = client.get("/tournaments/new/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/login/")


def test_a_missing_format_says_which_field_and_what_to_choose(admin_client):
    answer = admin_client.post("/tournaments/new/", form(numbered(9), format=""))

    assert answer.status_code == 422
    page = answer.content.decode()
    assert "Choose a format: heats then a final, a rotation, or progressive tables." in page
    assert "This field is required." not in page
    assert not Tournament.objects.exists()
