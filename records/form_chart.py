"""A player's win average after each counted game, as a chart for the player page."""

from collections.abc import Sequence

from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from charts.lines import Chart, Line, lay_out, number_text
from records.stats import average


def _day(moment) -> str:
    # Translators: a Django date format (see the "date" template filter), such as "j M Y".
    return dateformat.format(timezone.localtime(moment), pgettext("date format", "M j, Y"))


def form_chart(points: Sequence) -> Chart:
    """A player's win average after each counted game (FormPoint from records.stats)."""
    values = [p.average for p in points] or [0.0]
    final = average(points[-1].wins, points[-1].number) if points else "—"
    # Translators: short for "win average" (wins divided by games: 0.571).
    avg = _("Avg")
    line = Line(key="average", name=avg, values=values, final=final, style=1)
    if points:
        description = ngettext(
            "The share of games won after each of %(count)s game from %(first)s to %(last)s; "
            "%(final)s at the end.",
            "The share of games won after each of %(count)s games from %(first)s to %(last)s; "
            "%(final)s at the end.",
            len(points),
        ) % {
            "count": len(points),
            "first": _day(points[0].when),
            "last": _day(points[-1].when),
            "final": final,
        }
    else:
        description = _("No finished games yet.")
    chart = Chart(
        slug="form",
        title=_("Win average over time"),
        description=description,
        x_label=_("Games played"),
        y_label=avg,
        lines=[line],
        y_max=1.0,
        key_attr="series",
        final_attr="final",
        empty=not points,
    )
    labels = [str(n) for n in range(1, len(values) + 1)]
    return lay_out(chart, labels, lambda v: number_text(v, 3))
