"""The players page (and the games history) can count one night's games only."""

import pytest

from tests.factories import finish, night_of, play, register
from tests.stats.tables import body_rows


@pytest.fixture
def club(db):
    """At the night Ann won her table and Cy won his; Ann also won a game on another day."""
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")
    night = night_of([ann, bob], [cy, dee]).night
    first, second = (t.game for t in night.tables.all())
    finish(first, [0, 10])
    finish(second, [3, 20])
    play("mexican-train", [ann, bob], [[0, 5]])
    return night


def roster(client, query: str) -> dict[str, tuple[str, str]]:
    rows = body_rows(client.get("/players/" + query).content.decode(), "roster")
    return {row[0]: (row[1], row[2]) for row in rows}


def test_it_counts_only_the_nights_games_when_a_night_is_picked(client, club):
    assert roster(client, "?season=all")["Ann"] == ("2", "2")

    picked = roster(client, f"?night={club.pk}")

    assert picked == {"Ann": ("1", "1"), "Bob": ("1", "0"), "Cy": ("1", "1"), "Dee": ("1", "0")}


def test_it_offers_every_night_and_says_what_it_counts(client, club):
    page = client.get(f"/players/?night={club.pk}").content.decode()
    assert f'<option value="{club.pk}" selected>Tuesday club (' in page
    assert "every game of Tuesday club (" in page


def test_it_names_a_night_that_is_not_on_the_list_and_counts_as_before(client, club):
    answer = client.get("/players/?night=9999&season=all")
    assert answer.status_code == 200
    assert "That night is not on the list; pick one from it." in answer.content.decode()
    assert roster(client, "?night=9999&season=all")["Ann"] == ("2", "2")


def test_the_history_shows_one_nights_games_too(client, club):
    page = client.get(f"/games/?night={club.pk}").content.decode()
    rows = body_rows(page, "history")
    assert len(rows) == 2
    assert all("of Tuesday club" in row[1] for row in rows)
