"""The floor: the least a server can do to push the same bytes to every viewer.

A broadcast server on the `websockets` library alone. Viewers connect to any path
and get the current message at once, and a pong for each heartbeat ping they send; a
client on `/control` sends a message, the server sends those exact bytes to every viewer
and answers "sent" once every write is queued. No database, no templates, no channel
layer: what is left is what this machine and Python's asyncio need to write N frames.

    python bench/floor.py PORT
"""

import asyncio
import resource
import sys

from websockets.asyncio.server import ServerConnection, broadcast, serve

viewers: set[ServerConnection] = set()
current: str | None = None
PONG = '{"type": "pong"}'  # the answer to a viewer's heartbeat, as ours gives it


async def handle(connection: ServerConnection) -> None:
    global current
    if connection.request.path == "/control":
        async for message in connection:
            current = message
            broadcast(viewers, message)
            await connection.send("sent")
        return
    if current is not None:
        await connection.send(current)
    viewers.add(connection)
    try:
        async for _ping in connection:
            await connection.send(PONG)
    finally:
        viewers.discard(connection)


async def main(port: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    async with serve(
        handle, "127.0.0.1", port, compression=None, ping_interval=None, max_size=None, backlog=1024
    ) as server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
