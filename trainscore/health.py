"""`/healthz`: can this process reach the database and the channel layer?

A load balancer or monitor polls it on each daphne process. 200 means both answered;
503 names the part that did not, so a volunteer knows where to look.
"""

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from core import outages

log = logging.getLogger(__name__)
OK = "ok"


def _timeout() -> float:
    return float(getattr(settings, "HEALTH_CHECK_TIMEOUT", 2.0))


def _query_database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # a thread of the check's own: hand its connection back


async def _in_a_thread_of_its_own(work: Callable[[], None]) -> None:
    """Run `work` in a new daemon thread and wait for it.

    Not sync_to_async: asgiref waits for a cancelled call's thread to finish, so the answer
    would wait as long as the connection pool does (20 s) instead of the check's timeout.
    Not asyncio.to_thread either: the process waits at exit for its executor's threads, so
    a daphne stopped while its database was away took the pool's 20 s to end.
    """
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def settle(error: BaseException | None) -> None:
        if done.done():  # the check gave up on it (wait_for cancelled it)
            return
        if error:
            done.set_exception(error)
        else:
            done.set_result(None)

    def run() -> None:
        error = None
        try:
            work()
        except BaseException as exc:  # handed to the waiting check, whatever it is
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
            loop.call_soon_threadsafe(settle, error)

    threading.Thread(target=run, name="healthz-database", daemon=True).start()
    await done


async def _check_database() -> str:
    try:
        await asyncio.wait_for(_in_a_thread_of_its_own(_query_database), _timeout())
    except Exception as exc:  # any failure is the answer, not a crash
        # A monitor probes every few seconds: one line per outage (core/outages.py).
        outages.database.failed(exc)
        return f"failed ({type(exc).__name__})"
    outages.database.answered()
    return OK


async def _round_trip() -> None:
    # A fresh channel per check, so two probes never read each other's message. Named
    # like every other channel of this process: channels_redis reads all of them through
    # one list per process and name prefix, and a screen's feed keeps a read of its list
    # open. A check with a prefix of its own would wait behind that read and time out.
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "healthz.ping"})
    message = await layer.receive(channel)
    if message.get("type") != "healthz.ping":
        raise ValueError("the channel layer returned a different message")


async def _check_channel_layer() -> str:
    try:
        await asyncio.wait_for(_round_trip(), _timeout())
    except outages.REDIS_AWAY as exc:  # TimeoutError too: Redis did not answer in time
        outages.redis.failed(exc)
        return f"failed ({type(exc).__name__})"
    except Exception as exc:
        log.warning("Health check: the channel layer did not answer", exc_info=exc)
        return f"failed ({type(exc).__name__})"
    outages.redis.answered()
    return OK


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": await _check_database(), "channel_layer": await _check_channel_layer()}
    healthy = all(result == OK for result in checks.values())
    return JsonResponse(checks, status=200 if healthy else 503)
