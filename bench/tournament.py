"""A tournament's stage in the room: 30 tables of 6, a phone per player on their table's
game and the tournament's walls on its socket, round saves arriving at a steady rate
spread over the tables (`make bench BENCH_ARGS=--tournament`).

Like the league night (bench/league.py) the save path is the whole load, on one process;
here every save also reaches every wall, wrapped once as the night's "table" message
(tournaments/feed.py). It reports save → last wall and save → last phone of the
table p50/p99, server CPU per save, memory, and lost or out-of-order updates: every wall
must get every table's change, in order per game.
"""

import json
import time
from dataclasses import dataclass

from bench import processes
from bench.game import Game, Http, connect_viewers, paced_saves
from bench.processes import daphnes, memory, say, started
from bench.stats import Summary, ms

WALLS = "walls"  # the client process's name for the walls' board (bench/walls.py)


@dataclass
class Tournament:
    tables: int
    players: int  # per table, each with a phone on the table's game
    walls: int
    rate: float
    seconds: float


def new_tournament(env, tournament: Tournament) -> dict:
    """A rotation tournament whose first stage is seated: `newtournament --json`."""
    names = ",".join(f"Player {n}" for n in range(1, tournament.tables * tournament.players + 1))
    size = f"{tournament.players}-{tournament.players}"
    out = processes.manage(
        env, "newtournament", "--name", "Bench open", "--ruleset", "mexican-train",
        "--format", "rotation", "--games", "2", "--table-size", size, "--players", names,
        "--json",
    )  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def run(env, tournament: Tournament, timeout: float = 10.0) -> dict:
    """One stage: connect the phones and the walls, save at `rate` for `seconds`."""
    say(f"[tournament] seating {tournament.tables} tables of {tournament.players}")
    made = new_tournament(env, tournament)
    servers = daphnes("tournament", env, 1)
    with started(servers):
        server = servers[0]
        http_ = Http()
        client = processes.Client()
        try:
            games = [Game(env, server, http_, made=table) for table in made["tables"]]
            say(f"[tournament] connecting {tournament.players} phones to each table")
            began = time.monotonic()
            connect_viewers(client, games, servers, tournament.players)
            say(f"[tournament] connecting {tournament.walls} walls")
            client.call(
                "connect",
                game=WALLS,
                walls=True,
                urls=[f"{server.ws_url}/ws/tournaments/{made['code']}/"],
                origin=server.url,
                count=tournament.walls,
            )
            connect_seconds = time.monotonic() - began
            total = int(tournament.rate * tournament.seconds)
            say(f"[tournament] {total} saves at {tournament.rate:g} a second")
            with processes.Profile(None, "tournament", servers, client) as profile:
                rate, seconds = tournament.rate, tournament.seconds
                saves, answers, achieved = paced_saves(games, server, rate, seconds)
                pairs = [[code, version] for code, version, _ in saves]
                deadline = time.monotonic() + timeout
                while True:  # until every phone and wall holds every save, or the timeout
                    phones = client.call("last_seen", saves=pairs)
                    walls = client.call("walls_seen", game=WALLS, saves=pairs)
                    held = all(s is not None for s in phones["seen"] + walls["seen"])
                    if held or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
            sent_at = [sent for _, _, sent in saves]
            figures = {
                "saves": total,
                "rate": achieved,
                "answer": answers,
                "cpu": profile.cpu / total,
                "connect_seconds": connect_seconds,
                "tournament_messages": walls["tournaments"],
            }
            for name, got in (("wall", walls), ("phone", phones)):
                pairs = zip(got["seen"], sent_at, strict=True)
                figures[name] = {
                    "last": [seen - sent for seen, sent in pairs if seen is not None],
                    "unseen": sum(1 for s in got["seen"] if s is None),
                    "lost": got["lost"],
                    "out_of_order": got["out_of_order"],
                }
            figures["memory"], figures["memory_peak"] = memory(servers)
            return figures
        finally:
            client.close()
            http_.close()


def render(tournament: Tournament, figures: dict) -> str:
    wall, phone = figures["wall"], figures["phone"]
    walls, phones = Summary.of(wall["last"]), Summary.of(phone["last"])
    answer = Summary.of(figures["answer"])
    screens = tournament.tables * tournament.players
    target = walls.p99 <= 0.100 and all(
        not (f["lost"] or f["out_of_order"] or f["unseen"]) for f in (wall, phone)
    )
    return "\n".join(
        [
            f"### Tournament stage · {tournament.tables} tables × {tournament.players} phones "
            f"and {tournament.walls} walls · {figures['saves']} saves at "
            f"{figures['rate']:.1f} a second",
            "",
            f"- save → last wall: p50 {ms(walls.p50)} ms, p99 {ms(walls.p99)} ms, "
            f"max {ms(walls.max)} ms",
            f"- save → last phone of its table: p50 {ms(phones.p50)} ms, "
            f"p99 {ms(phones.p99)} ms, max {ms(phones.max)} ms",
            f"- save answered: p50 {ms(answer.p50)} ms, p99 {ms(answer.p99)} ms",
            f"- server CPU per save: {ms(figures['cpu'])} ms",
            f"- server memory (RSS after the saves; peak): {figures['memory'] / 2**20:.0f} MiB "
            f"({figures['memory_peak'] / 2**20:.0f} MiB)",
            f"- connecting {screens} phones and {tournament.walls} walls took "
            f"{figures['connect_seconds']:.1f} s",
            f"- walls: {wall['lost']} lost, {wall['out_of_order']} out of order, "
            f"{wall['unseen']} saves not held by every wall within the timeout",
            f"- phones: {phone['lost']} lost, {phone['out_of_order']} out of order, "
            f"{phone['unseen']} saves not held by every phone of the table within the timeout",
            f"- target (last wall p99 ≤ 100 ms, 0 lost): {'met' if target else 'NOT met'}",
        ]
    )
