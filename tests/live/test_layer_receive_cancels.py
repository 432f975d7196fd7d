"""When a socket closes, its consumer's wait on the channel layer is cancelled; with Redis
that wait must end, as cancelled. redis-py 8 sometimes turned the cancellation into a
TimeoutError, or lost it: the wait then went on polling Redis every 5 s for ever, and
CI's PostgreSQL + Redis pass hung in a test's teardown waiting for it (pyproject.toml
pins redis-py below 8)."""

import asyncio
import random

from channels_redis.core import RedisChannelLayer

ROUNDS = 150  # redis-py 8 failed about one round in fifteen


async def test_a_cancelled_receive_ends_cancelled_every_time(redis):
    layer = RedisChannelLayer(hosts=[redis])
    moments = random.Random(0)
    outcomes = []
    for _ in range(ROUNDS):
        waiting = asyncio.ensure_future(layer.receive(await layer.new_channel()))
        await asyncio.sleep(moments.random() * 0.02)  # at any point of the wait
        waiting.cancel()
        done, _ = await asyncio.wait([waiting], timeout=7)  # one blocking read is 5 s
        if not done:
            outcomes.append("still waiting")
            waiting.cancel()
        elif not waiting.cancelled():
            outcomes.append(repr(waiting.exception()))
    await layer.close_pools()

    assert outcomes == []
