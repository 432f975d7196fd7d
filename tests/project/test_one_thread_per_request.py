"""A request's middleware and view run in one worker thread
(trainscore/one_thread_per_request.py): Django's own ASGI handler starts the stack from the
event loop and, with our sync middleware, crosses back to the loop inside it and into a
thread again for the view, each crossing part of every save's CPU. Checked by counting the
crossings back to the event loop; and the thread is kept for the next request, checked by
counting database connections."""

import asyncio
import threading

import asgiref.sync
import pytest
from django.core.signals import request_started
from django.db import connection
from django.db.backends.signals import connection_created

from tests.asgi import http_scope
from trainscore.asgi import application


@pytest.fixture
def crossings(monkeypatch):
    """Each time sync code inside a request hands work back to the event loop."""
    seen = []
    original = asgiref.sync.AsyncToSync.__call__

    def counted(self, *args, **kwargs):
        seen.append(getattr(self.awaitable, "__qualname__", repr(self.awaitable)))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(asgiref.sync.AsyncToSync, "__call__", counted)
    return seen


async def get(path: str) -> list[dict]:
    sent = []
    bodies = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if bodies:
            return bodies.pop()
        await asyncio.Event().wait()  # the client stays until the answer is out

    async def send(message):
        sent.append(message)

    await application(http_scope("GET", path), receive, send)
    return sent


@pytest.mark.django_db
async def test_a_page_is_answered_without_going_back_to_the_event_loop(crossings):
    sent = await get("/rules/")

    assert sent[0]["status"] == 200
    assert b"Mexican Train" in b"".join(m.get("body", b"") for m in sent[1:])
    assert crossings == []


@pytest.fixture
def seen():
    """The thread each request runs in, and each database connection opened."""
    threads, opened = [], []

    def started(sender, **kwargs):
        threads.append(threading.get_ident())

    def connected(sender, connection, **kwargs):
        opened.append(connection.vendor)

    request_started.connect(started)
    connection_created.connect(connected)
    yield threads, opened
    request_started.disconnect(started)
    connection_created.disconnect(connected)


@pytest.mark.django_db(transaction=True)
async def test_later_requests_reuse_the_first_ones_thread_and_its_database_connection(seen):
    """Django's own handler starts a thread per request, and with it a new database
    connection: ~1 ms of every save. The server keeps its request threads instead, and on
    SQLite their connections (PostgreSQL's requests take theirs from the pool)."""
    threads, opened = seen
    for _ in range(3):
        sent = await get("/api/games/NOGAME")
        assert sent[0]["status"] == 404  # a page that reads the database

    assert len(threads) == 3 and len(set(threads)) == 1, "each request had a thread of its own"
    if connection.vendor == "sqlite":
        assert len(opened) <= 1, f"{len(opened)} connections opened"
