"""The bench's arithmetic: percentiles, lost and out-of-order updates, and the table.

Pure functions with no I/O, so the tests can check the parts that would otherwise
break silently (a wrong percentile or a lost update counted as delivered looks
exactly like a good result).
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PERCENTILES = (50, 95, 99)


def percentile(values: Iterable[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value with at least p % of values at or below it.

    Nearest rank never invents a value between two samples, so p99 of 40 saves is the
    slowest save, which is what we want to report for small samples.
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values to take a percentile of")
    if not 0 < p <= 100:
        raise ValueError(f"percentile must be in (0, 100], not {p}")
    rank = math.ceil(p / 100 * len(ordered))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Summary:
    p50: float
    p95: float
    p99: float
    max: float
    count: int

    @classmethod
    def of(cls, values: Sequence[float]) -> "Summary":
        if not values:
            nan = float("nan")
            return cls(nan, nan, nan, nan, 0)
        return cls(
            percentile(values, 50),
            percentile(values, 95),
            percentile(values, 99),
            max(values),
            len(values),
        )


@dataclass(frozen=True)
class Tally:
    """What one viewer got wrong: versions it never held, and messages that went backwards."""

    lost: int = 0
    out_of_order: int = 0
    duplicates: int = 0

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(
            self.lost + other.lost,
            self.out_of_order + other.out_of_order,
            self.duplicates + other.duplicates,
        )


def tally(expected: Iterable[int], received: Sequence[int]) -> Tally:
    """Compare the versions one viewer received, in arrival order, with the versions saved.

    `received` starts with the snapshot sent on connect. A saved version the viewer
    never received is lost, even if a later version arrived; a version lower than one
    already held is out of order; the same version twice is a duplicate.
    """
    got = set(received)
    lost = sum(1 for version in set(expected) if version not in got)
    out_of_order = duplicates = 0
    highest = None
    for version in received:
        if highest is not None and version < highest:
            out_of_order += 1
        elif highest is not None and version == highest:
            duplicates += 1
        else:
            highest = version
    return Tally(lost, out_of_order, duplicates)


def ratio(ours: float, other: float) -> float:
    if other <= 0 or math.isnan(other) or math.isnan(ours):
        return float("nan")
    return ours / other


def ms(seconds: float) -> str:
    if math.isnan(seconds):
        return "–"
    value = seconds * 1000
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain Markdown table, so the same text reads in a terminal and in docs/performance.md."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        padded = (
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join("-" * (w + 1) + (":" if i else "-") for i, w in enumerate(widths)) + "|"
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])
