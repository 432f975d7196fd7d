"""A player's rating after each game, as a chart for the player page (charts/lines.py draws it)."""

import math
from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from charts.lines import Chart, Line, lay_out, nice_step, number_text
from ratings.models import Rating


def rating_chart(ratings: Sequence[Rating]) -> Chart:
    """The rating before the first of these games, then after each one (oldest first)."""
    values = [ratings[0].shown - ratings[0].change, *(r.shown for r in ratings)] if ratings else [0]
    final = number_text(ratings[-1].shown, 1) if ratings else "—"
    step = nice_step(max(values) - min(values) or 1)
    y_min = step * math.floor(min(values) / step)
    y_max = max(step * math.ceil(max(values) / step), y_min + step)
    if ratings:
        description = ngettext(
            "The rating before the first of %(count)s game and after each one; "
            "%(final)s after the last.",
            "The rating before the first of %(count)s games and after each one; "
            "%(final)s after the last.",
            len(ratings),
        ) % {"count": len(ratings), "final": final}
    else:
        description = _("No rated games yet.")
    rating = _("Rating")
    chart = Chart(
        slug="rating",
        title=_("Rating after each game"),
        description=description,
        x_label=_("Games played"),
        y_label=rating,
        lines=[Line(key="rating", name=rating, values=values, final=final, style=1)],
        y_max=y_max,
        y_min=y_min,
        key_attr="series",
        final_attr="final",
        empty=not ratings,
    )
    return lay_out(chart, [str(n) for n in range(len(values))])
