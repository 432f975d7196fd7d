"""The original club's season, imported from a score sheet, reads the same on our roster."""

from django.core.management import call_command

from players.models import Player
from tests.stats.season import TABLE, season_sheet
from tests.stats.tables import body_rows


def test_it_shows_the_original_seasons_games_wins_and_averages(client, db, tmp_path):
    sheet = tmp_path / "season.csv"
    sheet.write_text(season_sheet())
    call_command("importgames", str(sheet))

    rows = body_rows(client.get("/players/").content.decode(), "roster")

    assert {name: (games, wins, avg) for name, games, wins, avg, _rating in rows} == TABLE
    assert [row[0] for row in rows[:2]] == ["Dave", "Mitch"]


def test_it_writes_daves_record_the_way_the_old_site_did(client, db, tmp_path):
    sheet = tmp_path / "season.csv"
    sheet.write_text(season_sheet())
    call_command("importgames", str(sheet))
    dave = Player.objects.get(name="Dave")

    page = client.get(f"/players/{dave.pk}/").content.decode()

    assert "8 Wins / 14 Games (0.571)" in page
    mitch = body_rows(page, "head-to-head")[0]
    assert mitch == ["Mitch", "14", "10", "4", "8", "4"]
