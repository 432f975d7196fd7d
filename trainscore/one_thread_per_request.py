"""Django's ASGI handler, with the middleware and the view of a request in one worker
thread, and that thread kept for later requests.

Every middleware and view here is sync, and Django's own handler starts its stack from an
async core: it crosses into a thread for the stack, back to the event loop below it and
into a thread again for the view (more hops still below a sync-only middleware). Here a
request crosses once each way. Django's handler also starts a thread for each request,
and with it a database connection (connections belong to a thread), and closes both after
the answer. Here a request borrows a kept thread, whose connection lasts as the database
settings' CONN_MAX_AGE says, as under a WSGI server. A save costs less CPU for both (the
figures: core/process_tuning.py's `request_threads_kept`).
"""

from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.db import connections

from core import process_tuning


class OneThreadHandler(ASGIHandler):
    """Django's ASGI handler, each request in one thread of its own, kept afterwards."""

    def __init__(self) -> None:
        super().__init__()
        self.idle: list[ThreadPoolExecutor] = []

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP only, not {scope['type']}")
        # The thread runs one request at a time: every thread-sensitive call of this
        # request (signals, middleware, view, closing) goes to it, and to no other.
        thread = self.idle.pop() if self.idle else ThreadPoolExecutor(1, "request")
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            if len(self.idle) < process_tuning.request_threads_kept():
                self.idle.append(thread)
            else:
                thread.submit(connections.close_all)
                thread.shutdown(wait=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)
