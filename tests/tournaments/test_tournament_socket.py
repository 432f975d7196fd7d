"""`ws /ws/tournaments/<code>/`: the API's answer typed "tournament" on connect, again when
the tournament changes (a stage seated, a clock started, a game ended), each table's save
as the night's "table" message; an unknown code is closed with 4404, another site refused."""

import datetime

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from tests.factories import end, stage_games, tournament_of
from tests.live.conftest import SAME_ORIGIN, nothing_else_came, save_round_async
from tests.tournaments.kit import play_by_name
from tournaments.clock import start_clock
from tournaments.stages import seat_next_stage
from trainscore.asgi import application


def socket(code: str, origin: bytes = SAME_ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application, f"/ws/tournaments/{code}/", headers=[(b"origin", origin)]
    )


@database_sync_to_async
def small():
    return tournament_of(["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2, rounds=2)


@database_sync_to_async
def api_answer(code: str) -> dict:
    return Client().get(f"/api/tournaments/{code}").json()


@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_tournament_then_each_change_and_each_tables_save():
    new = await small()
    code = new.tournament.code
    viewer = socket(code)
    assert (await viewer.connect())[0]
    first_message = await viewer.receive_json_from(timeout=5)
    # The API's answer, and the server's time as it sent it (each wall's clock counts
    # from it).
    sent = datetime.datetime.fromisoformat(first_message.pop("now"))
    assert abs((timezone.now() - sent).total_seconds()) < 2
    # What the overview draws: its live part as the server renders it, and each table's
    # seats ("My table").
    live = first_message.pop("live")
    assert 'class="tournament-standings"' in live and "A1" in live
    seats = first_message.pop("seats")
    games = await database_sync_to_async(stage_games)(new.stage)
    assert [(t["table"], t["board"]) for t in seats] == [
        ("Table 1", f"/games/{games[0].code}/"),
        ("Table 2", f"/games/{games[1].code}/"),
    ]
    assert first_message == {"type": "tournament", **await api_answer(code)}

    await database_sync_to_async(start_clock)(stage=new.stage)
    clock = await viewer.receive_json_from(timeout=5)
    assert (clock["type"], clock["stages"][0]["status"]) == ("tournament", "playing")

    first, second = await database_sync_to_async(stage_games)(new.stage)
    await save_round_async(first, 1, [4, 0], engine=12)
    table = await viewer.receive_json_from(timeout=5)
    assert (table["type"], table["label"], table["game"]["code"]) == (
        "table",
        "Table 1",
        first.code,
    )
    assert [p["total"] for p in table["game"]["players"]] == [4, 0]
    await save_round_async(first, 2, [0, 1], engine=11)
    assert (await viewer.receive_json_from(timeout=5))["game"]["version"] == 3

    await database_sync_to_async(end)(first)
    kinds = [(await viewer.receive_json_from(timeout=5))["type"] for _ in range(2)]
    assert sorted(kinds) == ["table", "tournament"]  # the board, and the standings

    await database_sync_to_async(play_by_name)(second, {"B1": [9], "B2": [1]})
    for _ in range(3):  # its save, its end, and the tournament with its standings
        await viewer.receive_json_from(timeout=5)
    following = await database_sync_to_async(seat_next_stage)(tournament=new.tournament)
    seated = await viewer.receive_json_from(timeout=5)
    assert [s["number"] for s in seated["stages"]] == [1, 2]
    game = (await database_sync_to_async(stage_games)(following.stage))[0]
    await save_round_async(game, 1, [3, 3], engine=12)
    table = await viewer.receive_json_from(timeout=5)
    assert (table["type"], table["game"]["code"]) == ("table", game.code)
    assert await nothing_else_came(viewer)
    await viewer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_it_closes_a_socket_for_an_unknown_tournament_with_4404():
    viewer = socket("no-such-tournament")
    assert (await viewer.connect())[0]
    assert await viewer.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}
    await viewer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_a_socket_opened_from_another_site():
    new = await small()
    viewer = socket(new.tournament.code, origin=b"https://elsewhere.example")
    connected, _ = await viewer.connect()
    assert not connected
