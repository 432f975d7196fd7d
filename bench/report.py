"""The bench's tables: one per N, ratios against the floor and the usual Channels app."""

import math
import os
import platform
from dataclasses import asdict, dataclass, field

from bench.stats import Summary, ms, percentile, ratio, table

SYSTEMS = ("ours", "floor", "usual", "polling")


def machine() -> str:
    try:
        with open("/proc/meminfo") as info:
            total = int(info.readline().split()[1]) * 1024
        memory = f", {total / 2**30:.0f} GiB"
    except (OSError, ValueError, IndexError):
        memory = ""
    load = ", load average at the end {:.1f} / {:.1f} / {:.1f}".format(*os.getloadavg())
    return f"{os.cpu_count()} cores{memory}, Python {platform.python_version()}{load}"


@dataclass
class Run:
    """One system at one N: per-save times in seconds, losses, memory."""

    answer: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    last: list[float] = field(default_factory=list)
    checks: dict = field(default_factory=dict)
    memory: int = 0
    memory_peak: int = 0
    cpu: float = 0.0  # server CPU seconds per save, all its processes
    client_cpu: float = 0.0  # the viewers' process, likewise
    connect_seconds: float = 0.0
    connect_cpu: float = 0.0  # server CPU seconds while the viewers connected, all its processes
    payload: int = 0
    processes: int = 1  # server processes sharing the viewers
    extra: dict = field(default_factory=dict)


@dataclass
class Results:
    saves: int
    interval: float
    seconds: float = 0.0
    runs: dict = field(default_factory=dict)  # (label, n) -> {system: Run}
    failures: list = field(default_factory=list)

    def add(self, label: str, n: int, system: str, run) -> None:
        self.runs.setdefault((label, n), {})[system] = run

    def as_dict(self) -> dict:
        return {
            "saves": self.saves,
            "interval": self.interval,
            "seconds": self.seconds,
            "machine": machine(),
            "failures": self.failures,
            "runs": [
                {"label": label, "viewers": n, **{s: asdict(r) for s, r in systems.items()}}
                for (label, n), systems in self.runs.items()
            ],
        }


def cells(values) -> list[str]:
    s = Summary.of(values)
    return [ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)]


def ratio_cells(ours, other) -> list[str]:
    a, b = Summary.of(ours), Summary.of(other)
    pairs = [(a.p50, b.p50), (a.p95, b.p95), (a.p99, b.p99), (a.max, b.max)]
    out = []
    for x, y in pairs:
        r = ratio(x, y)
        out.append("–" if math.isnan(r) else f"{r:.2f}×")
    return out


def polling_design(n: int, interval: float, request: float) -> list[str]:
    """Each viewer polls at a random phase: the last of N sees a save after T·q^(1/N) + r."""
    qs = (0.50, 0.95, 0.99, 1.0)
    return [ms(interval * q ** (1 / n) + request) for q in qs]


def mib(size: int) -> str:
    return f"{size / 2**20:.0f} MiB"


def losses(run) -> str:
    c = run.checks
    if not c:
        return "–"
    text = f"{c['lost']} lost, {c['out_of_order']} out of order"
    if c.get("duplicates"):
        text += f", {c['duplicates']} duplicates"
    if c.get("closed"):
        text += f", {c['closed']} viewers dropped"
    return text


def unloaded_request(results: Results) -> float:
    """A poll's answer time when the server keeps up: the median at the smallest N polled."""
    polled = sorted((n, s["polling"]) for (_, n), s in results.runs.items() if "polling" in s)
    latencies = polled[0][1].extra["request_latencies"] if polled else []
    return percentile(latencies, 50) if latencies else 0.0


def render_one(results: Results, label: str, n: int, systems: dict, idle) -> str:
    ours = systems["ours"]
    payload = ours.payload / 1024
    saves = len(ours.answer)
    lines = [f"### {label} · N = {n} viewers · {saves} saves · message ≤ {payload:.1f} KiB"]
    rows = [
        ["ours: save answered (PUT → 200)", *cells(ours.answer)],
        ["ours: first viewer holds the new version", *cells(ours.first)],
        ["ours: last viewer holds the new version", *cells(ours.last)],
    ]
    floor, usual, polling = systems.get("floor"), systems.get("usual"), systems.get("polling")
    plain = systems.get("plain sends")
    if plain:
        rows.append(["plain ASGI sends: last viewer holds it", *cells(plain.last)])
    if floor:
        rows.append(["floor: first viewer holds it", *cells(floor.first)])
        rows.append(["floor: last viewer holds it", *cells(floor.last)])
    if usual:
        rows.append(["usual Channels: first viewer holds it", *cells(usual.first)])
        rows.append(["usual Channels: last viewer holds it", *cells(usual.last)])
    if not polling:
        rows.append(
            [
                f"polling {results.interval:g} s: last viewer sees it (by design)",
                *polling_design(n, results.interval, unloaded_request(results)),
            ]
        )
    if polling:
        interval = f"{results.interval:g} s"
        rows.append([f"polling {interval}: last viewer sees it (measured)", *cells(polling.last)])
        request = unloaded_request(results)
        rows.append(
            [
                f"polling {interval}: last viewer sees it (by design)",
                *polling_design(n, results.interval, request),
            ]
        )
    if floor:
        rows.append(["ours ÷ floor", *ratio_cells(ours.last, floor.last)])
    if floor and plain:
        rows.append(["plain ASGI sends ÷ floor", *ratio_cells(plain.last, floor.last)])
    if usual:
        rows.append(["ours ÷ usual Channels", *ratio_cells(ours.last, usual.last)])
    lines.append(table(["ms from the request to …", "p50", "p95", "p99", "max"], rows))
    lines.append("")
    if idle:
        lines.append(
            f"- save answered with no viewers (N = 0): {' / '.join(cells(idle.answer))} ms; "
            f"server CPU per save {ms(idle.cpu)} ms"
        )
    named = [("ours", ours), ("plain sends", plain), ("floor", floor), ("usual Channels", usual)]
    lines.append("- updates: " + " · ".join(f"{k} {losses(r)}" for k, r in named if r))
    processes = ours.processes or 1
    per_process = f" ({ms(ours.cpu / processes)} ms per process)" if processes > 1 else ""
    lines.append(
        "- server CPU per save (user + system, all its processes): "
        + " · ".join(
            f"{k} {ms(r.cpu)} ms" + (per_process if r is ours else "") for k, r in named if r
        )
        + f"; the viewers' process: {ms(ours.client_cpu)} ms"
        + (f" (for the floor: {ms(floor.client_cpu)} ms)" if floor else "")
    )
    lines.append(
        "- server memory (RSS after the saves; peak): "
        + " · ".join(f"{k} {mib(r.memory)} ({mib(r.memory_peak)})" for k, r in named if r)
    )
    lines.append(
        f"- connecting {n} viewers took: "
        + " · ".join(f"{k} {r.connect_seconds:.1f} s" for k, r in named if r)
    )
    if polling:
        x = polling.extra
        lat = Summary.of(x["request_latencies"])
        lines.append(
            f"- polling costs {n / results.interval:.0f} requests/s by design; the server answered "
            f"{x['requests_per_second']:.0f}/s, each in {ms(lat.p50)} ms (p50) / "
            f"{ms(lat.p99)} ms (p99); saves while polled: {' / '.join(cells(polling.answer))} ms"
            + (f"; {x['unseen']} viewer-saves not seen in time" if x["unseen"] else "")
        )
        if x["errors"]:
            answers = ", ".join(f"{n} × HTTP {s}" for s, n in x["statuses"].items())
            lines.append(
                f"- polling errors: {x['errors']} requests failed ({answers or 'dropped'})"
            )
    return "\n".join(lines)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


FLOOR_TARGET = 1.5
"""One process: the last viewer's p99 within this many times the floor's, at each N."""
FLOOR_TARGET_AT = (1000, 2000)
SCALED_FLOOR_TARGET = 2.0
SAVE_TARGET = 2.0
"""The save's answer p99 at N = 1000 within this many times its p99 with no viewers."""


def p99(values) -> float:
    return Summary.of(values).p99


def one_process_runs(results: Results) -> dict[str, dict[int, dict]]:
    """The one-process measurements by run label ("one process", "one process, run 2" …)."""
    runs: dict[str, dict[int, dict]] = {}
    for (label, n), systems in results.runs.items():
        if label.startswith("one process"):
            runs.setdefault(label, {})[n] = systems
    return runs


def targets(results: Results) -> list[str]:
    out = []
    floor_verdicts: list[bool] = []
    for label, single in one_process_runs(results).items():
        for n in FLOOR_TARGET_AT:
            if n in single and "floor" in single[n]:
                ours, floor = p99(single[n]["ours"].last), p99(single[n]["floor"].last)
                ok = ours <= FLOOR_TARGET * floor
                floor_verdicts.append(ok)
                out.append(
                    f"- {label}, N = {n}, last viewer p99 ≤ {FLOOR_TARGET:g} × floor: "
                    f"{ms(ours)} ms = {ratio(ours, floor):.2f} × {ms(floor)} → {verdict(ok)}"
                )
        if 1000 in single and "usual" in single[1000]:
            ours, usual = p99(single[1000]["ours"].last), p99(single[1000]["usual"].last)
            out.append(
                f"- {label}, N = 1000, last viewer p99 ≤ 0.5 × usual Channels: {ms(ours)} ≤ "
                f"{ms(0.5 * usual)} ms → {verdict(ours <= 0.5 * usual)}"
            )
        idle = single.get(0, {}).get("ours")
        if idle and 1000 in single:
            save, save0 = p99(single[1000]["ours"].answer), p99(idle.answer)
            out.append(
                f"- {label}, N = 1000, save answered p99 ≤ {SAVE_TARGET:g} × its p99 at N = 0: "
                f"{ms(save)} ms = {ratio(save, save0):.2f} × {ms(save0)} → "
                f"{verdict(save <= SAVE_TARGET * save0)}"
            )
    if len(floor_verdicts) > 1:
        out.append(
            f"- last viewer p99 ≤ {FLOOR_TARGET:g} × floor in every run and N: "
            f"{sum(floor_verdicts)} of {len(floor_verdicts)} → {verdict(all(floor_verdicts))}"
        )
    scaled = {k: s for k, s in results.runs.items() if not k[0].startswith("one process")}
    for (label, n), s in scaled.items():
        if "floor" in s:
            ours, floor = p99(s["ours"].last), p99(s["floor"].last)
            out.append(
                f"- {label}, N = {n}, last viewer p99 ≤ {SCALED_FLOOR_TARGET:g} × floor: "
                f"{ms(ours)} ms = {ratio(ours, floor):.2f} × {ms(floor)} → "
                f"{verdict(ours <= SCALED_FLOOR_TARGET * floor)}"
            )
    runs = [r for systems in results.runs.values() for r in systems.values() if r.checks]
    bad = sum(r.checks["lost"] + r.checks["out_of_order"] for r in runs)
    out.append(f"- lost or out-of-order updates, all runs: {bad} → {verdict(bad == 0)}")
    return out


def render(results: Results) -> str:
    parts = [
        f"## Save-to-screen latency ({machine()}; whole run {results.seconds:.0f} s)",
        "",
    ]
    for (label, n), systems in results.runs.items():
        if n:
            idle = results.runs.get((label, 0), {}).get("ours")
            parts += [render_one(results, label, n, systems, idle), ""]
    if results.failures:
        parts += ["### Failed runs", "", *(f"- {f}" for f in results.failures), ""]
    parts += ["### Targets", "", *targets(results)]
    return "\n".join(parts)
