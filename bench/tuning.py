"""Each process tuning with and without, in one run (core/process_tuning.py's figures):

    .venv/bin/python bench/tuning.py GC_FREEZE_AT_START=0 GC_PAUSED_DURING_FANOUT=0
    .venv/bin/python bench/tuning.py SWITCH_INTERVAL_SECONDS=0 --tournament --runs 2

The server runs as set (the settings' defaults) and then with each `NAME=VALUE` given, in
turn, `--runs` times over: on a shared machine a slow phase then falls on every variant
alike. Each variant is a fresh daphne on the same SQLite database (bench/fanout.py's saves
to one game at `--viewers` viewers, or bench/tournament.py's stage with `--tournament`);
the settings reach it through the environment. Printed per figure: the median of the
runs' values and their spread (lowest–highest).
"""

import argparse
import itertools
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import fanout, processes, tournament  # noqa: E402
from bench.processes import daphnes, project_env, say, started  # noqa: E402
from bench.stats import percentile  # noqa: E402

AS_SET = "as set"


def saves_figures(env, viewers: int, saves: int) -> dict[str, float]:
    """One server, `viewers` on one game, `saves` timed saves (bench/fanout.py's)."""
    servers = daphnes("tuning", env, 1)
    with started(servers):
        run, _ = fanout.run_ours(env, servers, viewers, saves, timeout=15.0)
    return {
        "connect, all viewers (s)": run.connect_seconds,
        "server CPU connecting them (s)": run.connect_cpu,
        "save answered p50 (ms)": 1000 * percentile(run.answer, 50),
        "save answered p99 (ms)": 1000 * percentile(run.answer, 99),
        "last viewer p50 (ms)": 1000 * percentile(run.last, 50),
        "last viewer p99 (ms)": 1000 * percentile(run.last, 99),
        "last viewer max (ms)": 1000 * max(run.last),
        "server CPU per save (ms)": 1000 * run.cpu,
    }


def stage_figures(env, night: tournament.Tournament) -> dict[str, float]:
    """One tournament stage as the room plays it (bench/tournament.py's)."""
    got = tournament.run(env, night)
    shown = [s for s in got["shown"] if s is not None]
    return {
        "save answered p50 (ms)": 1000 * percentile(got["answer"], 50),
        "save answered p99 (ms)": 1000 * percentile(got["answer"], 99),
        "while games end, p99 (ms)": 1000 * percentile(got["burst_answer"], 99),
        "phones show a change, p50 (ms)": 1000 * percentile(shown, 50) if shown else float("nan"),
        "server CPU (s)": got["cpu"],
    }


def variants(changes: list[str]) -> list[tuple[str, dict[str, str]]]:
    """The server as set, then with each change: `NAME=VALUE`, or several joined by commas."""
    found = [(AS_SET, {})]
    for change in changes:
        settings = {}
        for each in change.split(","):
            name, sep, value = each.partition("=")
            if not sep or not name:
                raise SystemExit(f"{each!r}: give a setting as NAME=VALUE")
            settings[name] = value
        found.append((change, settings))
    return found


def fresh_database(workdir: Path) -> dict[str, str]:
    """The environment of a server on a new, migrated SQLite database in `workdir`."""
    workdir.mkdir()
    env = project_env(workdir, database_url=f"sqlite:///{workdir}/db.sqlite3", redis_url=None)
    processes.manage(env, "migrate", "--noinput")
    return env


def render(figures: dict[str, list[dict[str, float]]]) -> str:
    names = list(next(iter(figures.values()))[0])
    lines = []
    for name in names:
        lines.append(f"{name}")
        for variant, runs in figures.items():
            values = [run[name] for run in runs]
            low, high = min(values), max(values)
            each = ", ".join(f"{v:.1f}" for v in values)
            lines.append(
                f"  {variant:<32} median {statistics.median(values):8.1f}"
                f"  spread {low:.1f}–{high:.1f}  ({each})"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changes", nargs="+", help="NAME=VALUE: a setting to run without")
    parser.add_argument("--runs", type=int, default=3, help="runs of each variant, alternating")
    parser.add_argument("--viewers", type=int, default=1000)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--tournament", action="store_true", help="a tournament's stage instead")
    parser.add_argument("--tournament-tables", type=int, default=30)
    parser.add_argument("--tournament-seconds", type=float, default=60.0)
    args = parser.parse_args()
    runs = variants(args.changes)
    figures: dict[str, list[dict[str, float]]] = {label: [] for label, _ in runs}
    with tempfile.TemporaryDirectory(prefix="trainscore-bench-") as tmp:
        base = fresh_database(Path(tmp) / "saves")
        stages = itertools.count()
        for n in range(args.runs):
            # Each round starts one variant later, so none is always the first after a pause.
            for label, change in runs[n % len(runs) :] + runs[: n % len(runs)]:
                say(f"[tuning] run {n + 1} of {args.runs}: {label}")
                if args.tournament:
                    # A stage seats its own staff and entrants: a database of its own.
                    env = fresh_database(Path(tmp) / f"stage-{next(stages)}")
                    night = tournament.Tournament(
                        args.tournament_tables, 6, 4, 20.0, args.tournament_seconds, few=10
                    )
                    figures[label].append(stage_figures({**env, **change}, night))
                else:
                    figures[label].append(
                        saves_figures({**base, **change}, args.viewers, args.saves)
                    )
    print(render(figures))


if __name__ == "__main__":
    main()
