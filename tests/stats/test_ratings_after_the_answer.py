"""Ending a game through the API answers the scorekeeper first; the ratings catch up after
the answer is out (core/after_response.py), in the same server process. Checked by what
the database holds when the answer leaves, not by a clock."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Seat
from ratings.models import Rating
from tests.asgi import api_scope
from tests.factories import make_game, save_round
from trainscore.asgi import application


@pytest.mark.django_db(transaction=True)
async def test_the_end_is_answered_before_the_ratings_catch_up():
    started = await sync_to_async(make_game)()
    game = started.game
    await sync_to_async(save_round)(game, 1, [5, 0, 12], engine=12)
    ratings_when_answered: list[int] = []
    answer: dict = {}

    requests = [{"type": "http.request", "body": b""}]

    async def receive():
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # the client stays connected

    async def send(message):
        if message["type"] == "http.response.body" and not message.get("more_body"):
            answer.update(json.loads(message["body"]))
            ratings_when_answered.append(await sync_to_async(Rating.objects.count)())

    await application(api_scope("POST", f"/api/games/{game.code}/end", started.key), receive, send)

    assert answer["status"] == "finished"
    assert ratings_when_answered == [0], "the ratings were worked out before the answer left"
    assert await sync_to_async(Rating.objects.filter(game=game).count)() == 3
    winner = await sync_to_async(Seat.objects.get)(game=game, won=True)
    best = await sync_to_async(Rating.objects.order_by("-change").first)()
    assert best.player_id == winner.player_id
