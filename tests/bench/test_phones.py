"""The tournament bench's phones (bench/phones.py): a change counts as carried once the
tournament's socket says so, a phone shows it only after the fetch its page makes, and
the last phone to show each change is what the bench reports."""

import asyncio
import json

from bench.phones import OverviewPage, last_to_show, reflected, unshown
from tests.factories import play_out, stage_games, tournament_of
from tournaments.clock import start_clock
from tournaments.screens import tournament_messages
from tournaments.stages import seat_next_stage


def socket_says(code: str) -> dict:
    """The "tournament" message the socket sends now (tournaments/screens.py)."""
    _versions, texts = tournament_messages.func(code, "en", [""])
    return json.loads(texts[""])


def test_each_change_is_carried_once_the_socket_says_it_happened(db):
    new = tournament_of(["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], games=2)
    code = new.tournament.code
    first, second = stage_games(new.stage)
    changes = [
        {"ended": first.seats.first().player_id, "rounds": 2},
        {"ended": second.seats.first().player_id, "rounds": 2},
        {"seated": 2},
        {"clock": 2},
    ]
    assert reflected(socket_says(code), changes) == frozenset()
    play_out(first, [5, 0, 9], [0, 7, 3])
    play_out(second, [1, 2, 0], [4, 0, 6])
    assert reflected(socket_says(code), changes) == {0, 1}
    stage = seat_next_stage(tournament=new.tournament).stage
    assert reflected(socket_says(code), changes) == {0, 1, 2}
    start_clock(stage=stage)
    assert reflected(socket_says(code), changes) == {0, 1, 2, 3}


class Server:
    """The page's GETs, answered when the test says so."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.asked = 0
        self.answer = asyncio.Event()

    async def fetch(self) -> bool:
        self.asked += 1
        await self.answer.wait()
        self.answer.clear()
        return self.status == 200


async def turns(count: int = 5) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


async def test_a_phone_shows_a_change_once_the_page_it_fetched_for_it_is_in():
    server = Server()
    page = OverviewPage(server.fetch)
    page.receive({"type": "tournament"}, frozenset({0}), now=1.0)
    await turns()
    assert server.asked == 1 and page.shown == {}
    server.answer.set()
    await turns()
    assert list(page.shown) == [0] and page.shown[0] > 1.0 and not page.fetching


async def test_messages_during_a_fetch_fetch_once_more_after_it_not_once_each():
    server = Server()
    page = OverviewPage(server.fetch)
    page.receive({"type": "tournament"}, frozenset({0}), now=1.0)
    await turns()
    page.receive({"type": "tournament"}, frozenset({0, 1}), now=2.0)
    page.receive({"type": "tournament"}, frozenset({0, 1, 2}), now=3.0)
    server.answer.set()
    await turns()
    assert set(page.shown) == {0} and server.asked == 2
    server.answer.set()
    await turns()
    assert set(page.shown) == {0, 1, 2} and (page.fetches, server.asked) == (2, 2)


async def test_a_message_with_the_live_part_drawn_is_shown_as_it_comes_and_fetches_nothing():
    server = Server()
    page = OverviewPage(server.fetch)
    page.receive({"type": "tournament", "html": "<section>…</section>"}, frozenset({4}), now=7.0)
    page.receive({"type": "tournament", "live": {"es": "…"}}, frozenset({4, 5}), now=8.0)
    await turns()
    assert page.shown == {4: 7.0, 5: 8.0} and server.asked == 0


async def test_a_page_that_did_not_answer_shows_nothing():
    server = Server(status=503)
    page = OverviewPage(server.fetch)
    page.receive({"type": "tournament"}, frozenset({0}), now=1.0)
    await turns()
    server.answer.set()
    await turns()
    assert page.shown == {} and page.failed == 1


def test_a_change_is_shown_when_the_last_phone_showed_it_and_lost_where_one_never_did():
    phones = [{0: 1.0, 1: 2.5}, {0: 1.5, 1: 2.0}, {0: 3.0}]
    assert last_to_show(phones, 2) == [3.0, None]
    assert unshown(phones, 2) == 1
    assert last_to_show([], 1) == [None]
