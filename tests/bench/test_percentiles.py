"""The bench's percentiles: nearest rank, so a reported p99 is a save that happened."""

import pytest

from bench.stats import Summary, percentile, ratio


def test_it_takes_the_median_of_ten_saves_as_the_fifth_slowest():
    assert percentile(range(1, 11), 50) == 5


def test_it_reports_the_slowest_of_forty_saves_as_p99():
    times = [0.010] * 39 + [0.250]
    assert percentile(times, 99) == 0.250
    assert percentile(times, 95) == 0.010


def test_it_ignores_the_order_the_times_came_in():
    assert percentile([9, 1, 5, 3, 7], 50) == 5
    assert percentile([9, 1, 5, 3, 7], 100) == 9


def test_it_never_invents_a_time_between_two_samples():
    assert percentile([1.0, 2.0], 50) == 1.0
    assert percentile([1.0, 2.0], 51) == 2.0


def test_it_refuses_to_summarise_nothing():
    with pytest.raises(ValueError):
        percentile([], 50)


def test_it_summarises_a_run_with_p50_p95_p99_and_max():
    summary = Summary.of([float(n) for n in range(1, 101)])
    assert (summary.p50, summary.p95, summary.p99, summary.max) == (50.0, 95.0, 99.0, 100.0)
    assert summary.count == 100


def test_it_shows_no_ratio_when_the_other_side_has_no_figure():
    assert ratio(0.02, 0.01) == 2.0
    assert ratio(0.02, 0.0) != ratio(0.02, 0.0)  # nan
