"""A request's middleware and view run in one worker thread (trainscore/asgi.py): Django's
own ASGI handler starts the stack from the event loop and, with our sync middleware,
crosses back to the loop inside it and into a thread again for the view, each crossing
part of every save's CPU. Checked by counting the crossings back to the event loop."""

import asyncio

import asgiref.sync
import pytest

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
