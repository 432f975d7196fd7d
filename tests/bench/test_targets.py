"""The bench's verdicts: each run's ratio to the floor, and whether every run met it."""

from bench.report import Results, Run, targets


def run(last_ms: float, answer_ms: float = 20.0) -> Run:
    return Run(answer=[answer_ms / 1000] * 10, last=[last_ms / 1000] * 10)


def measured(*runs: tuple[float, float, float]) -> Results:
    """One-process runs of (ours at N = 1000, floor at N = 1000, save answered at N = 1000)."""
    results = Results(saves=10, interval=3.0)
    for index, (ours, floor, save) in enumerate(runs, start=1):
        label = f"one process, run {index}"
        results.add(label, 0, "ours", run(0, answer_ms=20))
        results.add(label, 1000, "ours", run(ours, answer_ms=save))
        results.add(label, 1000, "floor", run(floor))
    return results


def test_it_meets_the_floor_target_only_within_one_and_a_half_times():
    lines = targets(measured((60, 40, 20), (61, 40, 20)))
    assert "run 1, N = 1000, last viewer p99 ≤ 1.5 × floor: 60.0 ms = 1.50 × 40.0 → met" in lines[0]
    assert lines[2].endswith("NOT met")
    assert "1 of 2" in lines[-2] and lines[-2].endswith("NOT met")


def test_it_reports_every_run_not_the_best():
    lines = targets(measured((50, 40, 20), (90, 40, 20), (50, 40, 20)))
    floor_lines = [line for line in lines if "× floor:" in line]
    assert len(floor_lines) == 3
    assert "2 of 3" in lines[-2]


def test_the_save_must_be_answered_within_twice_its_time_with_no_viewers():
    lines = targets(measured((50, 40, 41)))
    assert any(
        "save answered p99 ≤ 2 × its p99 at N = 0" in line and "NOT met" in line for line in lines
    )
    lines = targets(measured((50, 40, 39)))
    assert any("save answered p99" in line and line.endswith("→ met") for line in lines)
