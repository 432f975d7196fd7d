"""A tournament's overview for a reload or a newcomer: queries and server time per GET.

    .venv/bin/python bench/overview.py                 # 240 entrants, after 3 games
    .venv/bin/python bench/overview.py --gets 60 --rounds 6

A rotation of 5 games for 240 entrants at tables of 4–6 (40 tables of 6, three bands) is
played on a throwaway SQLite database in this process (bench/played.py): 3 games of
`--rounds` rounds each, every game ended, and game 4 seated. Then `/tournaments/<code>/`
is asked for through Django's whole request path (the test client: middleware, view,
template; no network), as a newcomer opens it, as a phone with "My table" set (`?me=`)
and with a band filter, `--gets` times each after two unmeasured ones; and, as baselines
in the same run, the tournament's API read and the night page of game 4. It prints the
queries of one GET and the server time per GET (median, p99), on the clock and in CPU.
Targets for the overview: ≤ 30 queries, ≤ 50 ms (docs/performance.md, "A tournament day").
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import played  # noqa: E402
from bench.report import machine  # noqa: E402
from bench.stats import Summary, ms  # noqa: E402

BANDS = ("60–69", "70–79", "80+")
QUERIES_TARGET = 30
SECONDS_TARGET = 0.050
WARMUP = 2


def timed_gets(client, path: str, gets: int) -> tuple[int, list[float], list[float]]:
    """The queries of one GET of `path`, and the seconds of `gets` more: on the clock, and
    of this thread's CPU (which hardly moves when other programs load the machine)."""
    from django.db import connection

    for _ in range(WARMUP):
        client.get(path)
    queries = []

    def counted(execute, sql, params, many, context):
        queries.append(sql)  # a wrapper, not the debug log: the request closes the connection
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        answer = client.get(path)
    if answer.status_code != 200:
        raise RuntimeError(f"GET {path} answered {answer.status_code}")
    seconds, cpu = [], []
    for _ in range(gets):
        started, cpu_started = time.perf_counter(), time.thread_time()
        client.get(path)
        seconds.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - cpu_started)
    return len(queries), seconds, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=240)
    parser.add_argument("--played", type=int, default=3, help="games played and ended")
    parser.add_argument("--rounds", type=int, default=13, help="rounds saved per game")
    parser.add_argument("--gets", type=int, default=30, help="timed GETs of each page")
    args = parser.parse_args()

    played.django_on_scratch_sqlite()
    from django.test import Client
    from django.urls import reverse

    began = time.perf_counter()
    new = played.rotation(args.entrants, range(4, 7), games=5, rounds=args.rounds, bands=BANDS)
    stage = played.play_games(new, args.played, args.rounds)
    setup = time.perf_counter() - began
    code = new.tournament.code
    overview = reverse("tournaments:overview", args=[code])
    me = new.tournament.entrants.first().player_id
    pages = [
        ("overview", overview),
        ("overview, My table (?me=)", f"{overview}?me={me}"),
        ("overview, a band (?band=)", f"{overview}?band={BANDS[0]}"),
        ("baseline: API read", f"/api/tournaments/{code}"),
        ("baseline: night page of the game in play", f"/nights/{stage.night.code}/"),
    ]
    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HOST="localhost")
    print(
        f"## The overview of a {args.entrants}-entrant rotation after {args.played} games "
        f"of {args.rounds} rounds ({machine()}; set up in {setup:.0f} s)\n"
    )
    print("| GET | queries | median / p99 ms | CPU median / p99 ms |\n|---|--:|--:|--:|")
    verdicts = []
    for name, path in pages:
        queries, seconds, cpu = timed_gets(client, path, args.gets)
        got, used = Summary.of(seconds), Summary.of(cpu)
        print(
            f"| {name} | {queries} | {ms(got.p50)} / {ms(got.p99)} | "
            f"{ms(used.p50)} / {ms(used.p99)} |"
        )
        if name.startswith("overview"):
            verdicts.append(queries <= QUERIES_TARGET and got.p50 <= SECONDS_TARGET)
    met = "met" if all(verdicts) else "NOT met"
    print(
        f"\n- target, every overview: ≤ {QUERIES_TARGET} queries and a median ≤ "
        f"{ms(SECONDS_TARGET)} ms of server time per GET, over {args.gets} GETs: {met}"
    )


if __name__ == "__main__":
    main()
