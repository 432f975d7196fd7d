"""The overview (and the wall's stage line) say until when a stage's time runs while it
runs ("time runs until 14:29"), never that time is up before it is; once time is called
they say so instead."""

from django.utils import timezone
from django.utils.dateformat import format as date_format

from games.models import Game
from tests.factories import tournament_of
from tournaments.clock import start_clock
from tournaments.models import Stage


def test_the_overview_says_until_when_time_runs_then_that_it_is_up(client, db):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), minutes=45, games=2
    )
    stage = start_clock(stage=new.stage)
    until = date_format(timezone.localtime(stage.ends), "H:i")
    page = client.get(f"/tournaments/{new.tournament.code}/").content.decode()
    assert f"playing · time runs until {until}" in page
    assert "time is up" not in page
    french = client.get(f"/tournaments/{new.tournament.code}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert f"le temps court jusqu’à {until}" in french.content.decode()

    ends = timezone.now()
    Stage.objects.filter(pk=stage.pk).update(ends=ends)
    Game.objects.filter(night_table__night=stage.night_id).update(deadline=ends)
    page = client.get(f"/tournaments/{new.tournament.code}/").content.decode()
    assert "time is up: each table finishes its round" in page
    assert "time runs until" not in page
