"""Which games count and who gets the win, as the roster states and shows it."""

from datetime import datetime, timedelta

from django.core.management import call_command
from django.utils import timezone

from players.models import Player
from tests.factories import play, register
from tests.stats.season import season_sheet
from tests.stats.tables import body_rows


def roster(client, query: str = "") -> dict[str, tuple[str, str, str]]:
    rows = body_rows(client.get("/players/" + query).content.decode(), "roster")
    return {name: (games, wins, avg) for name, games, wins, avg, _rating in rows}


def test_it_gives_every_co_winner_of_a_tie_the_win(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    play("mexican-train", [ann, bob, cy], [[10, 4, 20], [0, 6, 3]])

    assert roster(client) == {
        "Ann": ("1", "1", "1.000"),
        "Bob": ("1", "1", "1.000"),
        "Cy": ("1", "0", "0.000"),
    }


def test_it_gives_number_9_to_the_highest_total(client, db):
    ann, bob = register("Ann", "Bob")
    play("number-9", [ann, bob], [[12, 30], [8, 14]])
    play("mexican-train", [ann, bob], [[12, 30]])

    assert roster(client) == {"Ann": ("2", "1", "0.500"), "Bob": ("2", "1", "0.500")}
    assert roster(client, "?ruleset=number-9") == {
        "Ann": ("1", "0", "0.000"),
        "Bob": ("1", "1", "1.000"),
    }


def test_it_leaves_out_games_still_being_played(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 30], [0, 14]], end=False)

    assert roster(client) == {"Ann": ("0", "0", "—"), "Bob": ("0", "0", "—")}


def test_it_leaves_out_a_game_ended_before_any_round(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [], end=True)
    play("oll", [ann, bob], [[3, 9]])

    assert roster(client) == {"Ann": ("1", "1", "1.000"), "Bob": ("1", "0", "0.000")}


def test_it_states_the_counting_rules_on_the_roster(client, db):
    page = client.get("/players/").content.decode()

    assert "once it has ended" in page
    assert "before any round was saved does not count" in page
    assert "each of them is credited with a win" in page
    assert "in Number 9 Train the highest total wins" in page


def test_it_counts_one_season_when_given_its_dates(client, db, tmp_path):
    sheet = tmp_path / "season.csv"
    sheet.write_text(season_sheet())
    call_command("importgames", str(sheet))

    august = roster(client, "?since=2025-08-01&until=2025-08-31")

    assert august["Dave"] == ("4", "2", "0.500")
    assert august["Mitch"] == ("4", "2", "0.500")
    assert august["Dan"] == ("0", "0", "—")


def test_it_names_a_season_that_ends_before_it_starts(client, db):
    page = client.get("/players/?since=2025-09-01&until=2025-01-01").content.decode()

    assert "The last day comes before the first; swap the two dates." in page


def test_it_sorts_by_any_column_and_back(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    play("mexican-train", [ann, bob, cy], [[0, 5, 9]])
    play("mexican-train", [ann, bob], [[9, 0]])
    play("mexican-train", [ann, cy], [[0, 9]])

    assert list(roster(client)) == ["Ann", "Bob", "Cy"]  # most wins first
    assert list(roster(client, "?sort=avg")) == ["Cy", "Bob", "Ann"]
    assert list(roster(client, "?sort=-avg")) == ["Ann", "Bob", "Cy"]
    assert list(roster(client, "?sort=-name")) == ["Cy", "Bob", "Ann"]
    assert list(roster(client, "?sort=games")) == ["Cy", "Bob", "Ann"]


def test_it_keeps_the_filters_in_the_sort_links(client, db):
    page = client.get("/players/?ruleset=oll&sort=-wins").content.decode()

    assert 'href="?ruleset=oll&amp;sort=wins"' in page  # the sorted column flips
    assert 'href="?ruleset=oll&amp;sort=-avg"' in page
    assert 'aria-sort="descending"' in page


def test_it_hides_players_who_left_unless_asked(client, db):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 5]])
    Player.objects.filter(pk=bob.pk).update(active=False)

    assert list(roster(client)) == ["Ann"]
    assert roster(client, "?inactive=1")["Bob inactive"] == ("1", "0", "0.000")


def test_it_counts_a_game_on_the_day_it_was_played(client, db):
    ann, bob = register("Ann", "Bob")
    last_year = timezone.make_aware(datetime(2024, 6, 1, 20, 0))
    play("mexican-train", [ann, bob], [[0, 5]], when=last_year)
    play("mexican-train", [ann, bob], [[5, 0]], when=last_year + timedelta(days=365))

    assert roster(client, "?until=2024-12-31")["Ann"] == ("1", "1", "1.000")
    assert roster(client, "?since=2025-01-01")["Ann"] == ("1", "0", "0.000")
