"""A player's rating after each game, as a chart for the player page (charts/lines.py draws it)."""

import math
from collections.abc import Sequence

from charts.lines import Chart, Line, lay_out, nice_step
from ratings.models import Rating


def rating_chart(ratings: Sequence[Rating]) -> Chart:
    """The rating before the first of these games, then after each one (oldest first)."""
    values = [ratings[0].shown - ratings[0].change, *(r.shown for r in ratings)] if ratings else [0]
    final = f"{ratings[-1].shown:.1f}" if ratings else "—"
    step = nice_step(max(values) - min(values) or 1)
    y_min = step * math.floor(min(values) / step)
    y_max = max(step * math.ceil(max(values) / step), y_min + step)
    chart = Chart(
        slug="rating",
        title="Rating after each game",
        description=(
            f"The rating before the first of {len(ratings)} game{'s' if len(ratings) != 1 else ''}"
            f" and after each one; {final} after the last."
            if ratings
            else "No rated games yet."
        ),
        x_label="Games played",
        y_label="Rating",
        lines=[Line(key="rating", name="Rating", values=values, final=final, style=1)],
        y_max=y_max,
        y_min=y_min,
        key_attr="series",
        final_attr="final",
        empty=not ratings,
    )
    return lay_out(chart, [str(n) for n in range(len(values))], lambda v: f"{v:g}")
