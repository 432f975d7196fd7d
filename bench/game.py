"""The game a bench run saves on: made with `newgame`, saved through the API
(`PUT /api/games/<code>/rounds/<n>`) over a kept-alive connection per server."""

import http.client
import json
import time

from bench import processes


class SaveFailed(RuntimeError):
    pass


class Http:
    """A kept-alive HTTP/1.1 connection per server, timed from request to full answer."""

    def __init__(self) -> None:
        self.connections: dict[int, http.client.HTTPConnection] = {}

    def request(self, server, method: str, path: str, body: bytes | None = None, headers=None):
        kept = self.connections.get(server.port)
        connection = kept or http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.connections[server.port] = connection
        sent = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            if kept is None:
                raise
            # The server closed the kept-alive connection while it sat idle: a browser
            # sends the request again on a new one, and so does this.
            connection.close()
            del self.connections[server.port]
            return self.request(server, method, path, body, headers)
        data = answer.read()
        done = time.monotonic()
        return answer.status, data, sent, done

    def close(self) -> None:
        for connection in self.connections.values():
            connection.close()
        self.connections.clear()


class Game:
    """A game made with `newgame` (or given), and the saves the bench makes on it."""

    def __init__(self, env: dict[str, str], server, http_: Http, made: dict | None = None) -> None:
        made = made or processes.new_game(env)
        self.code, self.key = made["code"], made["key"]
        self.http = http_
        self.saves = 0
        self.reload(server)

    def reload(self, server) -> None:
        status, data, _, _ = self.http.request(server, "GET", f"/api/games/{self.code}")
        if status != 200:
            raise SaveFailed(f"GET /api/games/{self.code} answered {status}: {data[:300]!r}")
        snapshot = json.loads(data)
        self.players = [p["id"] for p in snapshot["players"]]
        self.version = snapshot["version"]

    def save(self, server) -> tuple[int, float, float]:
        """Save the next round (Mexican Train has 13; then correct round 1 back and forth)."""
        i = self.saves
        if i < 13:
            number, engine = i + 1, 12 - i
            points = [(i * 7 + k * 5) % 60 for k in range(len(self.players))]
        else:
            number, engine = 1, 12
            points = [20 + k + i % 2 for k in range(len(self.players))]
        body = {
            "scores": {str(p): v for p, v in zip(self.players, points, strict=True)},
            "engine": engine,
            "version": self.version,
        }
        status, data, sent, done = self.http.request(
            server,
            "PUT",
            f"/api/games/{self.code}/rounds/{number}",
            body=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"},
        )
        if status != 200:
            raise SaveFailed(f"save {i + 1} answered {status}: {data[:300]!r}")
        self.version = json.loads(data)["version"]
        self.saves += 1
        return self.version, sent, done


def ws_paths(servers, code: str) -> list[str]:
    return [f"{s.ws_url}/ws/games/{code}/" for s in servers]


def connect_viewers(client, games: list[Game], servers, count: int) -> None:
    """`count` viewers on each game's socket (spread over the servers), as its phones."""
    for game in games:
        client.call(
            "connect",
            game=game.code,
            urls=ws_paths(servers, game.code),
            origin=servers[0].url,
            count=count,
        )


def paced_saves(games: list[Game], server, rate: float, seconds: float):
    """`rate` saves a second for `seconds`, round robin over the games: each save's
    (game code, version, sent), each answer's time, and the rate achieved."""
    total = int(rate * seconds)
    saves, answers = [], []
    start = time.monotonic()
    for i in range(total):
        time.sleep(max(0.0, start + i / rate - time.monotonic()))
        game = games[i % len(games)]
        version, sent, done = game.save(server)
        saves.append((game.code, version, sent))
        answers.append(done - sent)
    return saves, answers, total / (time.monotonic() - start)
