"""A league night on a hosted server: many games at once, a few screens each, saves
arriving at a steady rate spread over the games (`make bench BENCH_ARGS=--league`).

Where bench/fanout.py asks how fast one save reaches thousands of screens, this asks what
the save path costs when it is the whole load: 300 games × 6 viewers on one process and
20 saves a second. It reports save → last viewer p50/p99, server CPU per save, memory,
and lost or out-of-order updates.
"""

import json
import time
from dataclasses import dataclass

from bench import processes
from bench.game import Game, Http, connect_viewers, paced_saves
from bench.processes import daphnes, memory, say, started
from bench.stats import Summary, ms

MAKE_GAMES = """
import json
from games.starting import start_game
from players.models import Player
players = list(Player.objects.find_or_register(["A", "B", "C", "D"])[0].values())
made = [start_game(ruleset="mexican-train", variant=None, players=players) for _ in range({n})]
print(json.dumps([{{"code": m.game.code, "key": m.key}} for m in made]))
"""


@dataclass
class League:
    games: int
    viewers: int
    rate: float
    seconds: float


def run(env, league: League, timeout: float = 10.0) -> dict:
    """One league night: connect every game's viewers, save at `rate` for `seconds`."""
    say(f"[league] making {league.games} games")
    out = processes.manage(env, "shell", "-c", MAKE_GAMES.format(n=league.games))
    made = json.loads(out.strip().splitlines()[-1])
    servers = daphnes("league", env, 1)
    with started(servers):
        server = servers[0]
        http_ = Http()
        client = processes.Client()
        try:
            games = [Game(env, server, http_, made=m) for m in made]
            say(f"[league] connecting {league.viewers} viewers to each game")
            began = time.monotonic()
            connect_viewers(client, games, servers, league.viewers)
            connect_seconds = time.monotonic() - began
            total = int(league.rate * league.seconds)
            say(f"[league] {total} saves at {league.rate:g} a second")
            with processes.Profile(None, "league", servers, client) as profile:
                saves, answers, achieved = paced_saves(games, server, league.rate, league.seconds)
                deadline = time.monotonic() + timeout
                while True:  # until every viewer holds every save, or the timeout
                    got = client.call("last_seen", saves=[[c, v] for c, v, _ in saves])
                    if all(s is not None for s in got["seen"]) or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
            pairs = zip(got["seen"], saves, strict=True)
            last = [seen - sent for seen, (_, _, sent) in pairs if seen is not None]
            figures = {
                "saves": total,
                "rate": achieved,
                "answer": answers,
                "last": last,
                "unseen": sum(1 for s in got["seen"] if s is None),
                "lost": got["lost"],
                "out_of_order": got["out_of_order"],
                "cpu": profile.cpu / total,
                "connect_seconds": connect_seconds,
            }
            figures["memory"], figures["memory_peak"] = memory(servers)
            return figures
        finally:
            client.close()
            http_.close()


def render(league: League, figures: dict) -> str:
    last, answer = Summary.of(figures["last"]), Summary.of(figures["answer"])
    target = last.p99 <= 0.100 and figures["lost"] == 0 and not figures["unseen"]
    return "\n".join(
        [
            f"### League night · {league.games} games × {league.viewers} viewers · "
            f"{figures['saves']} saves at {figures['rate']:.1f} a second",
            "",
            f"- save → last viewer of its game: p50 {ms(last.p50)} ms, p99 {ms(last.p99)} ms, "
            f"max {ms(last.max)} ms",
            f"- save answered: p50 {ms(answer.p50)} ms, p99 {ms(answer.p99)} ms",
            f"- server CPU per save: {ms(figures['cpu'])} ms",
            f"- server memory (RSS after the saves; peak): {figures['memory'] / 2**20:.0f} MiB "
            f"({figures['memory_peak'] / 2**20:.0f} MiB)",
            f"- connecting {league.games * league.viewers} viewers took "
            f"{figures['connect_seconds']:.1f} s",
            f"- updates: {figures['lost']} lost, {figures['out_of_order']} out of order, "
            f"{figures['unseen']} saves not held by every viewer within the timeout",
            f"- target (last viewer p99 ≤ 100 ms, 0 lost): {'met' if target else 'NOT met'}",
        ]
    )
