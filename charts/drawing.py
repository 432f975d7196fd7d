"""A laid-out `Chart` drawn as SVG: styled by SVG attributes, so it needs no stylesheet,
with a title and a description that speak for it.

Written here in one pass rather than by a template: a game's chart is drawn again for
every change, and as a template loop it took a quarter of the board's render. Numbers
are SVG numbers (coordinates the chart computed), written as Python writes them, never
localized; every text goes through `escape`.
"""

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator
from django.utils.translation import gettext as _

NAME_LENGTH = 12
"""Characters of a name shown at its line's end (the table below has it whole)."""
LABEL_SIZE = 30
"""The end labels' font size in the drawing's units; a label too long for the room right
of the plot is drawn smaller, so its last digit is never cut off."""
LABEL_INSET = 14
"""From the plot's right edge to where the end labels start."""
EM_PER_CHARACTER = 0.7
"""A bold character's width in ems, at the wide end of ordinary names and numbers
(DejaVu Sans Bold, the usual font of a Linux TV's browser, measures 0.65-0.68)."""


def svg(chart) -> SafeString:
    slug = escape(chart.slug)
    return mark_safe(  # noqa: S308 - every text in it is escaped
        f'<svg class="line-chart" viewBox="0 0 {chart.width} {chart.height}" width="100%"'
        f' role="img" aria-labelledby="{slug}-title {slug}-desc" font-family="inherit"'
        f' data-top="{chart.top}" data-bottom="{chart.bottom}" data-left="{chart.left}"'
        f' data-right="{chart.right}" data-max="{chart.y_max}">\n'
        f'<title id="{slug}-title">{escape(chart.title)}</title>\n'
        f'<desc id="{slug}-desc">{escape(chart.description)}</desc>\n'
        f"{_grid(chart)}{''.join(_line(chart, line) for line in chart.lines)}</svg>"
    )


def _grid(chart) -> str:
    """The ticks and the x axis, hidden from screen readers (the description says it)."""
    left, right, bottom = chart.left, chart.right, chart.bottom
    y_ticks = "".join(
        f'<line x1="{left}" x2="{right}" y1="{tick.at}" y2="{tick.at}" stroke="currentColor"'
        ' stroke-opacity=".18"/>\n'
        f'<text class="tick y-tick" x="{left - 10}" y="{tick.at}" text-anchor="end"'
        f' dominant-baseline="middle" fill-opacity=".75">{escape(tick.label)}</text>\n'
        for tick in chart.y_ticks
    )
    x_ticks = "".join(
        f'<text class="tick x-tick" x="{tick.at}" y="{bottom + 32}" text-anchor="middle"'
        f' fill-opacity=".75">{escape(tick.label)}</text>\n'
        for tick in chart.x_ticks
    )
    return (
        f'<g class="grid" aria-hidden="true" fill="currentColor" font-size="24">\n{y_ticks}'
        f'{x_ticks}<line class="axis" x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"'
        ' stroke="currentColor" stroke-opacity=".6" stroke-width="2"/>\n'
        f'<text class="axis-label" x="{right}" y="{chart.height - 6}" text-anchor="end"'
        f' fill-opacity=".75">{escape(chart.x_label)}</text>\n</g>\n'
    )


def _line(chart, line) -> str:
    """One series: its polyline (with its data and a title), its end dot and end label."""
    # Translators: a line of a chart: whose it is, then its last value ("Ann: 45").
    title = _("%(name)s: %(value)s") % {"name": line.name, "value": line.final}
    dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
    final = escape(line.final)
    name = Truncator(line.name).chars(NAME_LENGTH)
    size = _label_size(chart, name, line.final)
    return (
        f'<g class="series series-{line.style}">\n'
        f'<polyline points="{line.points}" data-{escape(chart.key_attr)}="{escape(line.key)}"'
        f' data-{escape(chart.final_attr)}="{final}" fill="none" stroke="{line.color}"'
        f' stroke-width="6" stroke-linejoin="round" stroke-linecap="round"{dash}>'
        f"<title>{escape(title)}</title></polyline>\n"
        f'<circle cx="{line.end_x}" cy="{line.end_y}" r="8" fill="{line.color}"/>\n'
        f'<text class="end-label" x="{chart.right + LABEL_INSET}" y="{line.label_y}"'
        f' dominant-baseline="middle" fill="{line.color}" font-size="{size}" font-weight="700">'
        f'{escape(name)} <tspan class="final">{final}</tspan>'
        "</text>\n</g>\n"
    )


def _label_size(chart, name: str, final: str) -> float:
    """The font size at which "name final" fits between the plot and the drawing's edge."""
    room = chart.width - chart.right - LABEL_INSET
    wide = (len(name) + 1 + len(final)) * EM_PER_CHARACTER * LABEL_SIZE
    return LABEL_SIZE if wide <= room else round(LABEL_SIZE * room / wide, 1)
