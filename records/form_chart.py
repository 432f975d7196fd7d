"""A player's win average after each counted game, as a chart for the player page."""

from collections.abc import Sequence

from django.utils import timezone

from charts.lines import Chart, Line, lay_out


def _day(moment) -> str:
    day = timezone.localtime(moment)
    return f"{day:%b} {day.day}, {day.year}"


def form_chart(points: Sequence) -> Chart:
    """A player's win average after each counted game (FormPoint from records.stats)."""
    values = [p.average for p in points] or [0.0]
    final = f"{points[-1].wins / points[-1].number:.3f}" if points else "—"
    line = Line(key="average", name="Avg", values=values, final=final, style=1)
    span = ""
    if points:
        span = f" from {_day(points[0].when)} to {_day(points[-1].when)}"
    chart = Chart(
        slug="form",
        title="Win average over time",
        description=(
            f"The share of games won after each of {len(points)} games{span}; {final} at the end."
            if points
            else "No finished games yet."
        ),
        x_label="Games played",
        y_label="Avg",
        lines=[line],
        y_max=1.0,
        key_attr="series",
        final_attr="final",
        empty=not points,
    )
    labels = [str(n) for n in range(1, len(values) + 1)]
    return lay_out(chart, labels, lambda v: f"{v:.3f}")
