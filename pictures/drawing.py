"""A result (pictures/result.py) drawn as a 1200×630 PNG, the size link previews use, with
the font that travels with the app (static/fonts/, DejaVu Sans: Latin with every accent,
Greek, Cyrillic), so every machine draws the same picture and nothing is fetched.

Layout: the club's name and the state (final, or the round while playing) at the top, the
event's name and its facts (date, game, length), then the standings (places 1–3 marked
gold, silver and bronze; ties share a place) and, for a game, its running totals where
there is room. A night's tables stand side by side. Names are drawn whole, smaller where
need be; a name that still does not fit is drawn in its short form ("Ngozi A.-O.").
"""

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageDraw, ImageFont

from charts.lines import ceiling, number_text
from pictures.result import Group, Placed, Result, Series

WIDTH, HEIGHT = 1200, 630
MARGIN = 48
BODY_TOP, BODY_BOTTOM = 206, HEIGHT - 30
FONTS = settings.SITE_FILES / "static" / "fonts"
REGULAR, BOLD = FONTS / "DejaVuSans.ttf", FONTS / "DejaVuSans-Bold.ttf"

# The site's light colours (static/css/base.css: --bg, --fg, --muted, --line, --accent,
# --accent-fg, --lead): a picture in a chat looks like the pages it comes from.
BACKGROUND, INK, MUTED, RULE = "#fbfaf7", "#1d1d1f", "#5b5b66", "#d6d3cc"
ACCENT, ON_ACCENT, LEAD = "#0b5fa5", "#ffffff", "#fff1b8"
PODIUM = {1: "#d4a017", 2: "#a3acb5", 3: "#c07a3c"}
"""Gold, silver and bronze behind places 1–3; later places are drawn in RULE."""

ROW_MIN, ROW_MAX = 36, 66
"""A standings row's height: any smaller and a name is hard to read on a phone."""
COLUMN_WIDEST = 620
"""Wider, and a score sits too far from its name to read as one line: two columns then."""
CHART_MOST_PLAYERS = 8
"""A game of more players has its standings across the picture, and no chart."""
NAME_SMALLEST = 0.75
"""A name is drawn as small as this share of its row's size before it is shortened."""


@dataclass(frozen=True)
class Text:
    """One piece of text as drawn: where (Pillow's anchor), in which font and size."""

    text: str
    x: float
    y: float
    size: int
    bold: bool
    anchor: str = "la"


@dataclass(frozen=True)
class Picture:
    png: bytes
    texts: tuple[Text, ...]
    """Every text drawn, for the tests to find each name where it was drawn."""


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def short_form(name: str) -> str:
    """The first name whole and the initials of the rest: "Ngozi Adeyemi-Okafor" →
    "Ngozi A.-O."; a name of one word stays as it is."""
    first, *rest = name.split()
    initials = [
        "-".join(f"{part[:1]}." for part in word.split("-") if part) if word[:1].isalpha() else word
        for word in rest
    ]
    return " ".join([first, *initials])


def fitted(
    text: str, size: int, bold: bool, room: float, *, smallest: int | None = None
) -> tuple[str, int]:
    """The text and size that fit `room`: whole (as small as `smallest` if need be), else
    the short form, else cut with an ellipsis."""
    smallest = smallest or max(14, round(size * NAME_SMALLEST))
    for candidate in dict.fromkeys([text, short_form(text)]):
        tried = largest_size(candidate, size, bold, room, smallest=smallest)
        if tried is not None:
            return candidate, tried
    cut = short_form(text)
    while len(cut) > 1 and text_width(cut + "…", smallest, bold) > room:
        cut = cut[:-1]
    return cut.rstrip() + "…", smallest


def largest_size(text: str, size: int, bold: bool, room: float, *, smallest: int) -> int | None:
    """The largest size from `size` down to `smallest` at which `text` fits `room`."""
    width = text_width(text, size, bold)
    if width <= room:
        return size
    # Widths grow with the size, a hair unevenly: start from the size that should fit.
    for tried in range(min(size - 1, math.ceil(size * room / width)), smallest - 1, -1):
        if text_width(text, tried, bold) <= room:
            return tried
    return None


class Canvas:
    """The picture being drawn, and a record of every text put on it."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
        self.pen = ImageDraw.Draw(self.image)
        self.texts: list[Text] = []

    def text(self, text: str, x: float, y: float, size: int, *, bold=False, fill=INK, anchor="la"):
        self.pen.text((x, y), text, font=font(size, bold), fill=fill, anchor=anchor)
        self.texts.append(Text(text, x, y, size, bold, anchor))

    def picture(self) -> Picture:
        out = io.BytesIO()
        # Flat colours compress well at the fastest level; a higher one costs time for ~5%.
        self.image.save(out, format="PNG", compress_level=1)
        return Picture(png=out.getvalue(), texts=tuple(self.texts))


def draw(result: Result) -> Picture:
    canvas = Canvas()
    _header(canvas, result)
    body = Box(MARGIN, BODY_TOP, WIDTH - MARGIN, BODY_BOTTOM)
    if len(result.groups) > 1:
        _tables(canvas, result.groups, body)
    elif 0 < len(result.chart) <= CHART_MOST_PLAYERS:
        split = body.left + 560
        colors = {series.name: series.color for series in result.chart}
        _standings(canvas, result.groups[0].lines, Box(body.left, body.top, split, body.bottom),
                   columns=1, colors=colors)  # fmt: skip
        _chart(canvas, result.chart, Box(split + 48, body.top, body.right, body.bottom))
    elif result.groups:
        _standings(canvas, result.groups[0].lines, body, columns=3)
    return canvas.picture()


def _header(canvas: Canvas, result: Result) -> None:
    canvas.pen.rectangle((0, 0, WIDTH, 10), fill=ACCENT)
    right = WIDTH - MARGIN
    state_width = text_width(result.state, 22, True)
    pill = (right - state_width - 32, 30, right, 70)
    canvas.pen.rounded_rectangle(pill, radius=20, fill=ACCENT)
    canvas.text(result.state, pill[0] + 16, 50, 22, bold=True, fill=ON_ACCENT, anchor="lm")
    club, size = fitted(result.club, 26, True, pill[0] - MARGIN - 24)
    canvas.text(club, MARGIN, 50, size, bold=True, fill=ACCENT, anchor="lm")
    title, size = fitted(result.title, 54, True, WIDTH - 2 * MARGIN)
    canvas.text(title, MARGIN, 84, size, bold=True)
    facts, size = fitted(" · ".join(result.facts), 28, False, WIDTH - 2 * MARGIN)
    canvas.text(facts, MARGIN, 150, size, fill=MUTED)
    canvas.pen.line((MARGIN, 190, WIDTH - MARGIN, 190), fill=RULE, width=2)


def _standings(
    canvas: Canvas,
    lines: Sequence[Placed],
    box: Box,
    *,
    columns: int,
    colors: dict[str, str] | None = None,
) -> None:
    """The lines in up to `columns` columns, as many as fit; "and 4 more" for the rest."""
    count = len(lines)
    if not count:
        return
    used = next(
        (
            c
            for c in range(1, columns + 1)
            if box.height / math.ceil(count / c) >= ROW_MIN
            and (box.width / c <= COLUMN_WIDEST or c >= count)
        ),
        columns,
    )
    per_column = min(math.ceil(count / used), int(box.height // ROW_MIN))
    shown = lines if count <= per_column * used else lines[: per_column * used - 1]
    row = min(ROW_MAX, box.height / per_column)
    gap = 40
    width = (box.width - gap * (used - 1)) / used
    rows = [
        Row(
            line,
            size=max(20, min(34, round(row * 0.5))),
            width=width,
            color=(colors or {}).get(line.name),
        )
        for line in shown
    ]
    # One size for every name of the list: the largest at which each is whole, down to a
    # share of the row's; a name whole at none is drawn in its short form at that size.
    smallest = max(14, round(rows[0].size * NAME_SMALLEST))
    names = min(
        largest_size(r.line.name, r.size, r.first, r.room, smallest=smallest) or smallest
        for r in rows
    )
    for n, drawn in enumerate(rows):
        column, at = divmod(n, per_column)
        left = box.left + column * (width + gap)
        top = box.top + at * row
        _line(canvas, drawn, Box(left, top, left + width, top + row), names)
    if len(shown) < count:
        more = count - len(shown)
        column, at = divmod(len(shown), per_column)
        left = box.left + column * (width + gap)
        said = ngettext("and %(count)s more", "and %(count)s more", more) % {"count": more}
        canvas.text(said, left + 52, box.top + (at + 0.5) * row, 22, fill=MUTED, anchor="lm")


@dataclass(frozen=True)
class Row:
    """One line of the standings as drawn: its text size and the room its name has."""

    line: Placed
    size: int
    width: float
    color: str | None

    @property
    def first(self) -> bool:
        return self.line.place == 1

    @property
    def name_left(self) -> float:
        return 62 if self.color else 52

    @property
    def room(self) -> float:
        return self.width - self.name_left - 26 - text_width(self.line.score, self.size, True)


def _line(canvas: Canvas, row: Row, box: Box, name_size: int) -> None:
    middle, size, line = box.top + box.height / 2, row.size, row.line
    if row.first:
        canvas.pen.rounded_rectangle((box.left, box.top + 3, box.right, box.bottom - 3), 10, LEAD)
    radius = min(20, box.height * 0.36)
    disc = PODIUM.get(line.place, RULE)
    canvas.pen.ellipse((box.left + 22 - radius, middle - radius, box.left + 22 + radius,
                        middle + radius), fill=disc)  # fmt: skip
    number = round(radius * 1.1)
    canvas.text(str(line.place), box.left + 22, middle, number, bold=True, anchor="mm")
    if row.color:
        canvas.pen.rectangle((box.left + 48, middle - size * 0.45, box.left + 53,
                              middle + size * 0.45), fill=row.color)  # fmt: skip
    score_width = text_width(line.score, size, True)
    canvas.text(line.score, box.right - 10 - score_width, middle, size, bold=True, anchor="lm")
    name, name_size = fitted(line.name, name_size, row.first, row.room, smallest=name_size)
    canvas.text(name, box.left + row.name_left, middle, name_size, bold=row.first, anchor="lm")


def _tables(canvas: Canvas, groups: Sequence[Group], box: Box) -> None:
    """A night's tables side by side, up to four in a row and two rows; the rest are
    counted in the last place."""
    count = len(groups)
    per_row = count if count <= 4 else min(4, math.ceil(count / 2))
    rows = math.ceil(count / per_row) if count <= 8 else 2
    places = per_row * rows
    shown = groups if count <= places else groups[: places - 1]
    gap = 32
    width = (box.width - gap * (per_row - 1)) / per_row
    height = (box.height - gap * (rows - 1)) / rows
    for n, group in enumerate(shown):
        at_row, column = divmod(n, per_row)
        left, top = box.left + column * (width + gap), box.top + at_row * (height + gap)
        label, size = fitted(group.label, 24, True, width)
        canvas.text(label, left, top, size, bold=True, fill=ACCENT)
        _standings(canvas, group.lines, Box(left, top + 36, left + width, top + height), columns=1)
    if len(shown) < count:
        at_row, column = divmod(len(shown), per_row)
        more = count - len(shown)
        said = ngettext("and %(count)s more table", "and %(count)s more tables", more)
        left, top = box.left + column * (width + gap), box.top + at_row * (height + gap)
        canvas.text(said % {"count": more}, left, top, 24, fill=MUTED)


def _chart(canvas: Canvas, chart: Sequence[Series], box: Box) -> None:
    """The running totals: a line per player, from 0 before the first round."""
    canvas.text(_("Running totals"), box.left, box.top, 22, bold=True, fill=MUTED)
    rounds = max(len(series.totals) for series in chart) - 1
    top = ceiling(max((v for series in chart for v in series.totals), default=0))
    bottom = min(0, min((v for series in chart for v in series.totals), default=0))
    plot = Box(box.left + 56, box.top + 44, box.right - 8, box.bottom - 34)
    for value in (bottom, (top + bottom) / 2, top):
        y = plot.bottom - (value - bottom) / (top - bottom) * plot.height
        canvas.pen.line((plot.left, y, plot.right, y), fill=RULE, width=2)
        canvas.text(number_text(value), plot.left - 10, y, 18, fill=MUTED, anchor="rm")
    for number in sorted({0, rounds}):
        x = plot.left + (number / max(rounds, 1)) * plot.width
        canvas.text(str(number), x, plot.bottom + 10, 18, fill=MUTED, anchor="ma")
    canvas.text(_("Round"), (plot.left + plot.right) / 2, plot.bottom + 10, 18, fill=MUTED,
                anchor="ma")  # fmt: skip
    for series in chart:
        points = [
            (
                plot.left + (n / max(rounds, 1)) * plot.width,
                plot.bottom - (value - bottom) / (top - bottom) * plot.height,
            )
            for n, value in enumerate(series.totals)
        ]
        canvas.pen.line(points, fill=series.color, width=5, joint="curve")
