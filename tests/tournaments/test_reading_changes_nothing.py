"""Reading a tournament whose clock ran out with no timer to catch it (a restarted
server): the overview, the wall, the results, the API (GET and HEAD) and the socket's
message say time is up, and none of them writes to the database or tells any screen
anything (docs/tournaments.md: reads are pure). Time is called by the clock's wake-up
and the first save after the deadline (tests/tournaments/test_time_is_called.py)."""

import datetime

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Change, Game
from tests.factories import tournament_of
from tests.live.conftest import SAME_ORIGIN, nothing_else_came
from tournaments.clock import start_clock
from tournaments.models import Stage
from trainscore.asgi import application

WRITES = ("INSERT", "UPDATE", "DELETE")


def run_out_unnoticed():
    """Two tables of a 60-minute stage whose clock started 61 minutes ago: nothing called
    time (no timer in this process, no save since)."""
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, minutes=60
    )
    start_clock(stage=new.stage, now=timezone.now() - datetime.timedelta(minutes=61))
    return new


def written(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def untouched(new) -> bool:
    """Neither the stage nor any of its games had time called, and no change was made."""
    stage = Stage.objects.get(pk=new.stage.pk)
    games = Game.objects.filter(night_table__night=stage.night_id)
    return (
        stage.time_called is None
        and not games.filter(time_called__isnull=False).exists()
        and not Change.objects.filter(game__in=games, kind=Change.Kind.TIME).exists()
    )


@pytest.mark.parametrize(
    "page", ["/tournaments/{code}/", "/tournaments/{code}/screen/", "/tournaments/{code}/results/"]
)
def test_the_pages_of_a_run_out_stage_write_and_announce_nothing(
    db, client, django_capture_on_commit_callbacks, page
):
    new = run_out_unnoticed()
    code = new.tournament.code
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True) as announced,
    ):
        answer = client.get(page.format(code=code))
        head = client.head(page.format(code=code))
    assert (answer.status_code, head.status_code) == (200, 200)
    assert written(queries) == []
    assert announced == []  # no broadcast waits for a commit
    assert untouched(new)


def test_the_api_says_time_is_up_and_writes_and_announces_nothing(
    db, client, django_capture_on_commit_callbacks
):
    new = run_out_unnoticed()
    code = new.tournament.code
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True) as announced,
    ):
        answer = client.get(f"/api/tournaments/{code}")
        head = client.head(f"/api/tournaments/{code}")
    assert head.status_code == 200
    assert answer.json()["stages"][0]["status"] == "time_called"
    assert written(queries) == []
    assert announced == []
    assert untouched(new)


@pytest.mark.django_db(transaction=True)
async def test_the_socket_says_time_is_up_and_nothing_else_comes():
    new = await database_sync_to_async(run_out_unnoticed)()
    viewer = WebsocketCommunicator(
        application, f"/ws/tournaments/{new.tournament.code}/", headers=[(b"origin", SAME_ORIGIN)]
    )
    assert (await viewer.connect())[0]
    first = await viewer.receive_json_from(timeout=5)
    assert (first["type"], first["stages"][0]["status"]) == ("tournament", "time_called")
    # Had the read called time, the games' boards and the tournament would follow.
    assert await nothing_else_came(viewer)
    assert await database_sync_to_async(untouched)(new)
    await viewer.disconnect()
