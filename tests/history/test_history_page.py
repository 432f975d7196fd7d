"""`/games/`: every game by date, newest first, live ones marked, with filters and pages."""

from datetime import datetime, timedelta

from django.urls import reverse
from django.utils import timezone

from records.history import PER_PAGE
from tests.factories import bulk_games, play, register
from tests.stats.tables import body_rows

HISTORY = "/games/"


def test_it_lists_games_newest_first_with_players_winners_and_links(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    day = timezone.make_aware(datetime(2025, 3, 1, 19, 0))
    old = play("mexican-train", [ann, bob, cy], [[0, 5, 9], [4, 0, 9]], when=day)
    tie = play("number-9", [bob, cy], [[10, 10]], when=day + timedelta(days=7))
    live = play("oll", [cy, ann], [[3, 0]], variant="even", end=False)

    page = client.get(HISTORY).content.decode()
    rows = body_rows(page, "history")

    assert [row[0] for row in rows[1:]] == [
        "Sat Mar 8, 2025: scores of this Number 9 Train game",
        "Sat Mar 1, 2025: scores of this Mexican Train game",
    ]
    assert rows[0][0].endswith(": follow this OLL Train game")
    assert rows[0][1:4] == ["OLL Train (even)", "Cy, Ann", "Live round 2 · 1 saved"]
    assert rows[1][1:4] == ["Number 9 Train (standard)", "Bob, Cy", "Won by Bob and Cy · 1 round"]
    assert rows[2][1:4] == ["Mexican Train", "Ann, Bob, Cy", "Won by Ann · 2 rounds"]
    for game in (old, tie, live):
        assert f'href="{reverse("games:board", args=[game.code])}"' in page


def test_it_marks_a_game_ended_before_any_round_as_not_counted(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [])

    rows = body_rows(client.get(HISTORY).content.decode(), "history")

    assert rows[0][3] == "Ended before any round; not counted"


def test_it_filters_by_player_and_by_ruleset(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    play("mexican-train", [ann, bob], [[0, 5]])
    play("number-9", [bob, cy], [[10, 3]])
    play("mexican-train", [cy, bob], [[0, 5]])

    def players_of(query: str) -> list[str]:
        return [
            row[2] for row in body_rows(client.get(HISTORY + query).content.decode(), "history")
        ]

    assert players_of(f"?player={ann.pk}") == ["Ann, Bob"]
    assert players_of("?ruleset=number-9") == ["Bob, Cy"]
    assert players_of(f"?player={cy.pk}&ruleset=mexican-train") == ["Cy, Bob"]
    page = client.get(HISTORY + "?ruleset=derailing").content.decode()
    assert "No games match these choices; clear them to see every game." in page


def test_it_says_what_to_do_about_an_unknown_player(client, db):
    page = client.get(HISTORY + "?player=999").content.decode()

    assert "That player is not registered; pick one from the list." in page


def test_it_pages_through_games_keeping_the_filters(client, db):
    bulk_games(PER_PAGE + 5, register("Ann", "Bob"))

    first = client.get(HISTORY + "?ruleset=mexican-train").content.decode()
    second = client.get(HISTORY + "?ruleset=mexican-train&page=2").content.decode()

    assert len(body_rows(first, "history")) == PER_PAGE
    assert len(body_rows(second, "history")) == 5
    assert 'href="?ruleset=mexican-train&amp;page=2">Older games' in first
    assert "Page 2 of 2" in second


def test_it_is_the_games_link_in_the_main_menu(client, db):
    page = client.get("/players/").content.decode()

    assert f'<a href="{reverse("records:history")}"' in page
