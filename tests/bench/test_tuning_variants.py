"""bench/tuning.py runs the server as set and then with each change asked for, a change
being one setting or several together, and prints each figure's median and spread."""

import pytest

from bench.tuning import AS_SET, render, variants


def test_it_runs_the_server_as_set_first_then_each_change():
    assert variants(["GC_FREEZE_AT_START=0", "GC_SETTLE_SECONDS=0,REQUEST_THREADS_KEPT=0"]) == [
        (AS_SET, {}),
        ("GC_FREEZE_AT_START=0", {"GC_FREEZE_AT_START": "0"}),
        (
            "GC_SETTLE_SECONDS=0,REQUEST_THREADS_KEPT=0",
            {"GC_SETTLE_SECONDS": "0", "REQUEST_THREADS_KEPT": "0"},
        ),
    ]


def test_it_refuses_a_change_without_a_value():
    with pytest.raises(SystemExit, match="NAME=VALUE"):
        variants(["GC_FREEZE_AT_START"])


def test_it_prints_the_median_and_the_spread_of_the_runs():
    printed = render({AS_SET: [{"p99 (ms)": 20.0}, {"p99 (ms)": 90.0}, {"p99 (ms)": 30.0}]})
    assert "median     30.0" in printed
    assert "spread 20.0–90.0" in printed
