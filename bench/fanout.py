"""Save-to-screen latency: TrainScore against the floor, the usual Channels app and polling.

    make bench                                  # N = 100, 500, 1000 viewers, one process
    .venv/bin/python bench/fanout.py --viewers 100,500 --saves 40
    .venv/bin/python bench/fanout.py --runs 3   # the one-process runs three times over
    .venv/bin/python bench/fanout.py --scaled   # then 4000 viewers, two processes + Redis
    .venv/bin/python bench/fanout.py --only-scaled --processes 4   # 8000 viewers, 4 processes
    .venv/bin/python bench/fanout.py --league       # instead: a league night (bench/league.py)
    .venv/bin/python bench/fanout.py --tournament   # instead: a tournament (bench/tournament.py)

For each N a client process (bench/viewers.py) watches each server:
  ours    TrainScore under daphne: saves through `PUT /api/games/<code>/rounds/<n>`;
  floor   bench/floor.py, the `websockets` library alone, sending ours' exact messages,
          each one just after ours sent it (`FloorBeside`), so both are timed in the
          same moments of the machine;
  usual   bench/usual_channels.py, the tutorial pattern (one layer message and one
          `send_json` per viewer), sending ours' messages as dicts;
  polling N clients asking `GET /api/games/<code>` every 3 s, as the club's old site did.
Per save it records the answer time (request sent → answer) and the time from the
request being sent until the last viewer holds the new version.
"""

import argparse
import contextlib
import itertools
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.sync.client import connect as ws_connect  # noqa: E402

from bench import league, processes, tournament  # noqa: E402
from bench.game import Game, Http, SaveFailed, ws_paths  # noqa: E402
from bench.processes import daphnes, memory_of, project_env, say, started  # noqa: E402
from bench.report import Results, Run, render  # noqa: E402
from bench.viewers import version_of  # noqa: E402

WARMUP = 2  # saves made and checked for loss, but not timed: imports, template compile
GAP = 0.02  # pause between saves, so one save's fan-out does not overlap the next
POLL_INTERVAL = 3.0
POLL_SAVES = 4
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/7")
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
PROFILE: Path | None = None  # --profile: a folder for py-spy's samples of each server


def timed(client, count: int, version: int, sent: float, timeout: float, run=None) -> float:
    """Seconds from `sent` until the last viewer held `version` (the timeout if one never did)."""
    if not count:
        return float("nan")
    got = client.call("wait", version=version, timeout=timeout)
    if run is not None and got["first"] is not None:
        run.first.append(got["first"] - sent)
    if got["holding"] < got["viewers"]:
        return timeout
    return got["last"] - sent


def run_ours(
    env, servers, viewers: int, saves: int, timeout: float, beside: "FloorBeside | None" = None
) -> tuple[Run, list[str]]:
    """Ours at N viewers; with `beside`, the floor gets each of ours' messages just after."""
    http_ = Http()
    client = processes.Client()
    run = Run(processes=len(servers))
    try:
        game = Game(env, servers[0], http_)
        if viewers:
            with processes.Profile(PROFILE, f"connect-{viewers}", servers, client) as connecting:
                got = client.call(
                    "connect",
                    urls=ws_paths(servers, game.code),
                    origin=servers[0].url,
                    count=viewers,
                )
            run.connect_seconds = got["seconds"]
            run.connect_cpu = connecting.cpu
        if beside:
            beside.start(client.call("latest")["message"])
        versions = []
        for i in range(WARMUP):
            versions.append(game.save(servers[i % len(servers)])[0])
            timed(client, viewers, versions[-1], 0, timeout)
            if beside:
                beside.follow(client.call("latest")["message"], timing=False)
        with (
            processes.Profile(PROFILE, f"ours-{viewers}", servers, client) as profile,
            beside.profiled() if beside else contextlib.nullcontext(),
        ):
            for i in range(WARMUP, WARMUP + saves):
                version, sent, done = game.save(servers[i % len(servers)])
                versions.append(version)
                run.last.append(timed(client, viewers, version, sent, timeout, run))
                run.answer.append(done - sent)
                time.sleep(GAP)
                if beside:
                    beside.follow(client.call("latest")["message"])
                    time.sleep(GAP)
        run.cpu = profile.cpu / saves
        run.client_cpu = profile.client_cpu / saves
        messages = []
        if viewers:
            run.checks = client.call("check", versions=versions)
            messages = client.call("messages")["messages"]
            run.payload = max(len(m.encode()) for m in messages)
        memory_of(run, servers)
        return run, messages
    finally:
        client.close()
        http_.close()


def replay(client, messages: list[str], send, timeout: float, profile) -> Run:
    """Send ours' messages again through another server and time them the same way."""
    run = Run(payload=max(len(m.encode()) for m in messages))
    versions = []
    for i, message in enumerate(messages[1:]):
        if i == WARMUP:
            profile.__enter__()
        versions.append(replayed(client, 1, message, send, timeout, run if i >= WARMUP else None))
        time.sleep(GAP)
    profile.__exit__(None, None, None)
    run.cpu = profile.cpu / len(run.last)
    run.client_cpu = profile.client_cpu / len(run.last)
    run.checks = client.call("check", versions=versions)
    return run


def replayed(client, viewers: int, message: str, send, timeout: float, run: Run | None) -> int:
    """`send` one of ours' messages through another server, timed into `run` (when given)
    as ours' saves are; returns its version."""
    version = version_of(message.encode())
    sent, done = send(message)
    last = timed(client, viewers, version, sent, timeout, run)
    if run is not None:
        run.answer.append(done - sent)
        run.last.append(last)
    return version


class FloorBeside:
    """The floor, measured save by save beside ours: each message ours' viewers got is sent
    to the floor's viewers just after, by its own client process.

    Measured one after the other instead, each took the machine as it was during its own
    few seconds, and on a shared machine those differ: in one invocation the floor's p99
    at N = 1000 ranged from 38 to 101 ms between runs minutes apart, and a slow phase
    falling on one side and not the other decided the ratio (docs/performance.md)."""

    def __init__(self, env, viewers: int, timeout: float) -> None:
        self.env, self.viewers, self.timeout = env, viewers, timeout
        self.run = Run()
        self.versions: list[int] = []
        self.parts = contextlib.ExitStack()

    def start(self, first: str) -> None:
        """Start the floor with ours' first message, and connect its viewers."""
        argv = [sys.executable, str(processes.ROOT / "bench" / "floor.py"), "{port}"]
        self.server = processes.Server("floor", argv, self.env, http=False).start()
        self.parts.callback(self.server.stop)
        self.client = processes.Client()
        self.parts.callback(self.client.close)
        self.control = self.parts.enter_context(
            ws_connect(f"{self.server.ws_url}/control", compression=None, max_size=None)
        )
        self.send(first)
        urls = [f"{self.server.ws_url}/ws/"]
        got = self.client.call("connect", urls=urls, origin=self.server.url, count=self.viewers)
        self.run.connect_seconds = got["seconds"]

    def send(self, message: str) -> tuple[float, float]:
        sent = time.monotonic()
        self.control.send(message)
        self.control.recv()
        return sent, time.monotonic()

    def follow(self, message: str, timing: bool = True) -> None:
        """Send ours' latest message to the floor's viewers; time it unless warming up."""
        run = self.run if timing else None
        self.versions.append(
            replayed(self.client, self.viewers, message, self.send, self.timeout, run)
        )
        self.run.payload = max(self.run.payload, len(message.encode()))

    @contextlib.contextmanager
    def profiled(self):
        """The floor's CPU over the timed saves."""
        with processes.Profile(
            PROFILE, f"floor-{self.viewers}", [self.server], self.client
        ) as profile:
            yield
        self.run.cpu = profile.cpu / len(self.run.last)
        self.run.client_cpu = profile.client_cpu / len(self.run.last)

    def finish(self) -> Run:
        self.run.checks = self.client.call("check", versions=self.versions)
        memory_of(self.run, [self.server])
        return self.run

    def stop(self) -> None:
        self.parts.close()


def run_usual(env, messages: list[str], viewers: int, processes_: int, timeout: float) -> Run:
    servers = [
        processes.daphne(f"usual-{i}", "bench.usual_channels:application", env).start()
        for i in range(processes_)
    ]
    http_ = Http()
    client = processes.Client()
    code = "bench"
    try:
        for server in servers:
            http_.request(server, "POST", f"/publish/{code}", body=messages[0].encode())
        got = client.call(
            "connect", urls=ws_paths(servers, code), origin=servers[0].url, count=viewers
        )

        turns = itertools.count()

        def send(message):
            server = servers[next(turns) % len(servers)]
            status, data, sent, done = http_.request(
                server, "POST", f"/publish/{code}", body=message.encode()
            )
            if status != 200:
                raise RuntimeError(f"the usual app answered {status}: {data[:300]!r}")
            return sent, done

        profile = processes.Profile(PROFILE, f"usual-{viewers}", servers, client)
        run = replay(client, messages, send, timeout, profile)
        run.connect_seconds = got["seconds"]
        memory_of(run, servers)
        return run
    finally:
        client.close()
        http_.close()
        for server in servers:
            server.stop()


def run_polling(env, servers, viewers: int) -> Run:
    """N pollers on ours for a few intervals, with a few saves among them."""
    http_ = Http()
    client = processes.Client()
    run = Run()
    try:
        game = Game(env, servers[0], http_)
        urls = [f"{s.url}/api/games/{game.code}" for s in servers]
        client.call("poll_start", urls=urls, count=viewers, interval=POLL_INTERVAL)
        start = time.monotonic()
        time.sleep(POLL_INTERVAL)
        saved = {}
        failed = 0
        for i in range(POLL_SAVES):
            try:
                version, sent, done = game.save(servers[i % len(servers)])
            except SaveFailed:  # the server is overloaded: part of what polling costs
                failed += 1
                game.reload(servers[0])
                continue
            saved[version] = sent
            run.answer.append(done - sent)
            time.sleep(POLL_INTERVAL / POLL_SAVES * 1.37)
        time.sleep(POLL_INTERVAL + 0.5)
        got = client.call("poll_stop", saves=saved, window=[start, time.monotonic()])
        seen = [d for delays in got["seen"].values() for d in delays]
        # A save only counts once every poller has seen it within the run.
        run.last = [max(d) for d in got["seen"].values() if len(d) == viewers]
        run.extra = {
            "requests_per_second": got["requests"] / got["seconds"],
            "request_latencies": got["latencies"],
            "seen": seen,
            "unseen": sum(viewers - len(d) for d in got["seen"].values()),
            "errors": got["errors"],
            "statuses": got["statuses"],
            "failed_saves": failed,
        }
        return run
    finally:
        client.close()
        http_.close()


def run_plain(env, servers, viewers: int, saves: int, timeout: float) -> Run:
    return run_ours(env, servers, viewers, saves, timeout)[0]


def attempt(results: Results, label: str, n: int, system: str, run, *arguments) -> None:
    """Run one comparison; a failure is reported in the tables instead of ending the bench."""
    try:
        results.add(label, n, system, run(*arguments))
    except Exception as exc:  # noqa: BLE001 - any failure of one system is a finding to print
        say(f"[{label}] N={n}: {system} failed: {type(exc).__name__}: {exc}")
        results.failures.append(f"{label}, N = {n}, {system}: {type(exc).__name__}: {exc}"[:400])


def measure(
    env, label: str, ns: list[int], saves: int, servers_count: int, results: Results, systems
) -> None:
    timeout = 30.0 if servers_count > 1 else 15.0
    servers = daphnes("ours", env, servers_count)
    for n in ns:
        beside = FloorBeside(env, n, timeout) if n and "floor" in systems else None
        say(f"[{label}] N={n}: ours" + (", the floor beside it" if beside else ""))
        with started(servers):
            try:
                ours, messages = run_ours(env, servers, n, saves, timeout, beside)
                results.add(label, n, "ours", ours)
                if beside:
                    results.add(label, n, "floor", beside.finish())
            finally:
                if beside:
                    beside.stop()
            if n and "polling" in systems and servers_count == 1:
                say(f"[{label}] N={n}: polling every {POLL_INTERVAL:g} s")
                attempt(results, label, n, "polling", run_polling, env, servers, n)
        if "plain" in systems:
            # The same server with ordinary ASGI sends: what the raw frame path
            # (live/frames.py) still buys.
            say(f"[{label}] N={n}: ours with plain ASGI sends")
            plain = daphnes("plain", {**env, "RAW_FRAMES": "0"}, servers_count)
            with started(plain):
                attempt(results, label, n, "plain sends", run_plain, env, plain, n, saves, timeout)
        if n and "usual" in systems:
            say(f"[{label}] N={n}: usual Channels")
            attempt(results, label, n, "usual", run_usual, env, messages, n, servers_count, timeout)


def arguments() -> argparse.ArgumentParser:
    """The bench's options (docs/performance.md shows them; a test parses every line there)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", default="100,500,1000,2000", help="comma-separated N values")
    parser.add_argument(
        "--runs", type=int, default=1, help="repeat the one-process runs (targets in each)"
    )
    parser.add_argument("--saves", type=int, default=40, help="timed saves per N (K)")
    parser.add_argument(
        "--scaled", action="store_true", help="then 2000 viewers per process, on --processes"
    )
    parser.add_argument("--processes", type=int, default=2, help="daphne processes when scaled")
    parser.add_argument("--scaled-viewers", type=int, help="default: 2000 per process")
    parser.add_argument(
        "--systems", default="floor,usual,polling", help="comparisons to run besides ours"
    )
    parser.add_argument(
        "--plain-sends",
        action="store_true",
        help="also run ours with ordinary ASGI sends (RAW_FRAMES=0), side by side",
    )
    parser.add_argument("--scaled-saves", type=int, default=20, help="K for the scaled run")
    parser.add_argument("--only-scaled", action="store_true", help="skip the one-process runs")
    parser.add_argument(
        "--league",
        action="store_true",
        help="instead: a league night, many games of a few viewers each (bench/league.py)",
    )
    parser.add_argument("--league-games", type=int, default=300)
    parser.add_argument("--league-viewers", type=int, default=6, help="viewers per game")
    parser.add_argument("--league-rate", type=float, default=20.0, help="saves a second")
    parser.add_argument("--league-seconds", type=float, default=30.0)
    parser.add_argument(
        "--tournament",
        action="store_true",
        help="instead: a tournament's stage as the room plays it (bench/tournament.py)",
    )
    parser.add_argument("--tournament-tables", type=int, default=30)
    parser.add_argument("--tournament-players", type=int, default=6, help="entrants per table")
    parser.add_argument("--tournament-walls", type=int, default=4)
    parser.add_argument("--tournament-rate", type=float, default=20.0, help="saves a second")
    parser.add_argument(
        "--tournament-seconds", type=float, default=60.0, help="until the stage's last game ends"
    )
    parser.add_argument(
        "--tournament-few", type=int, default=10, help="phones to compare the CPU per change with"
    )
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--profile", type=Path, help="sample each server with py-spy into here")
    return parser


def main() -> None:
    parser = arguments()
    args = parser.parse_args()
    if args.profile and not (processes.BIN / "py-spy").exists():
        parser.error("--profile needs py-spy: install it with .venv/bin/pip install -e '.[bench]'")
    global PROFILE
    PROFILE = args.profile
    ns = [int(n) for n in args.viewers.split(",") if n.strip()]
    systems = {s.strip() for s in args.systems.split(",")} | (
        {"plain"} if args.plain_sends else set()
    )
    results = Results(saves=args.saves, interval=POLL_INTERVAL)
    began = time.monotonic()

    with tempfile.TemporaryDirectory(prefix="trainscore-bench-") as tmp:
        workdir = Path(tmp)
        if args.league or args.tournament:
            # One process on SQLite, the whole load saves: a league night or a tournament.
            env = project_env(
                workdir, database_url=f"sqlite:///{workdir}/db.sqlite3", redis_url=None
            )
            processes.manage(env, "migrate", "--noinput")
            if args.league:
                kind = league
                night = league.League(
                    args.league_games, args.league_viewers, args.league_rate, args.league_seconds
                )
            else:
                kind = tournament
                night = tournament.Tournament(
                    args.tournament_tables,
                    args.tournament_players,
                    args.tournament_walls,
                    args.tournament_rate,
                    args.tournament_seconds,
                    few=args.tournament_few,
                    profile=args.profile,
                )
            figures = kind.run(env, night)
            print(kind.render(night, figures))
            if args.json:
                args.json.write_text(json.dumps(figures, indent=1))
            return
        if not args.only_scaled:
            env = project_env(
                workdir, database_url=f"sqlite:///{workdir}/db.sqlite3", redis_url=None
            )
            say("one process: migrating a fresh SQLite database")
            processes.manage(env, "migrate", "--noinput")
            for run in range(1, args.runs + 1):
                label = "one process" if args.runs == 1 else f"one process, run {run}"
                measure(env, label, [0, *ns], args.saves, 1, results, systems)
        if args.scaled or args.only_scaled:
            postgres = processes.ScratchPostgres(POSTGRES).create()
            try:
                env = project_env(workdir, database_url=postgres.url, redis_url=REDIS_URL)
                say(f"{args.processes} processes: migrating a scratch PostgreSQL database")
                processes.manage(env, "migrate", "--noinput")
                label = f"{args.processes} processes + Redis"
                n = [args.scaled_viewers or 2000 * args.processes]
                measure(env, label, n, args.scaled_saves, args.processes, results, systems)
            finally:
                postgres.drop()

    results.seconds = time.monotonic() - began
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results.as_dict(), indent=1))


if __name__ == "__main__":
    main()
