"""Line charts drawn on the server as SVG: no script, no CDN, crisp on a TV.

A `Chart` holds lines of values; `lay_out` places them in the drawing, and
charts/drawing.py draws the result (`{{ chart.svg }}` in a template). games/chart.py
(running totals) and records/form_chart.py (win average) build theirs with it.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.safestring import SafeString

from charts import drawing

# Wide and short: under the board on the big screen it takes the board's width and about
# a third of its height; sizes are in these units and scale with the drawing.
WIDTH, HEIGHT = 1280, 480
LEFT, TOP, BOTTOM = 84, 24, 70
LABEL_ROOM = 270  # right of the plot: "Name 123" at each line's end
LABEL_GAP = 34  # the least vertical distance between two end labels
# Colour and dash tell lines apart (for colour-blind viewers too). Mid-tone colours read
# on light and dark pages alike, and they are SVG attributes, so a chart pushed into any
# page draws correctly without a stylesheet. More than eight players reuse them.
STYLES = [
    ("#2f7fd0", ""),
    ("#e0701b", "14 8"),
    ("#2a9d58", "4 8"),
    ("#9b59d0", "20 6 4 6"),
    ("#d64545", ""),
    ("#1fa2b8", "14 8"),
    ("#b8901a", "4 8"),
    ("#d0508f", "20 6 4 6"),
]


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass
class Line:
    key: str
    """What the line is of: a player id for the game chart."""
    name: str
    values: list[float]
    final: str
    """The last value as text: the total, or the average."""
    style: int
    """1-based index into STYLES."""
    points: str = ""
    end_x: float = 0
    end_y: float = 0
    label_y: float = 0

    @property
    def color(self) -> str:
        return STYLES[self.style - 1][0]

    @property
    def dash(self) -> str:
        return STYLES[self.style - 1][1]


@dataclass
class Chart:
    slug: str
    """Unique on a page: the ids of the title and description hang off it."""
    title: str
    description: str
    x_label: str
    y_label: str
    lines: list[Line]
    y_max: float
    y_min: float = 0
    """The bottom of the y axis: below 0 for values that can fall below it (ratings)."""
    key_attr: str = "player"
    """The data attribute naming what each line is of (data-player="12")."""
    final_attr: str = "total"
    """The data attribute holding each line's last value (data-total="84")."""
    x_labels: list[str] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP
    right: int = WIDTH - LABEL_ROOM
    bottom: int = HEIGHT - BOTTOM

    empty: bool = False
    """Nothing to draw yet: the template says so instead of drawing empty axes."""

    @property
    def svg(self) -> SafeString:
        return drawing.svg(self)

    @property
    def table(self) -> list[tuple[str, list[float]]]:
        """The text alternative: each x label after the first (the start) with every value."""
        return [
            (label, [line.values[i] for line in self.lines])
            for i, label in enumerate(self.x_labels)
            if i > 0
        ]

    def x(self, index: float, count: int) -> float:
        span = max(count - 1, 1)
        return round(self.left + (self.right - self.left) * index / span, 1)

    def y(self, value: float) -> float:
        span = self.y_max - self.y_min
        share = (value - self.y_min) / span if span else 0
        return round(self.bottom - (self.bottom - self.top) * share, 1)


def number_text(value: float, places: int | None = None) -> str:
    """A chart's number in the words of the active language: "2.5", in French and Spanish
    "2,5"; to `places` decimals, or as few as it needs (a whole number has none)."""
    if places is None:
        value = int(value) if float(value).is_integer() else round(value, 6)
    return number_format(value, places)


def nice_step(largest: float, ticks: int = 5) -> float:
    """A round tick spacing (1, 2 or 5 times a power of ten) giving at most `ticks` steps."""
    if largest <= 0:
        return 1
    rough = largest / ticks
    power = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 5, 10):
        if factor * power >= rough:
            return factor * power
    return 10 * power  # pragma: no cover - the loop always returns


def lay_out(chart: Chart, x_labels: Sequence[str], y_label_of=number_text) -> Chart:
    """Place every line, the ticks and the end labels in the chart's box; `y_label_of`
    writes a y tick's value (in the active language: `number_text`)."""
    count = len(x_labels)
    chart.x_labels = list(x_labels)
    for line in chart.lines:
        coords = [(chart.x(i, count), chart.y(v)) for i, v in enumerate(line.values)]
        line.points = " ".join(f"{x:g},{y:g}" for x, y in coords)
        line.end_x, line.end_y = coords[-1]
    _spread_labels(chart)
    step = max(1, math.ceil((count - 1) / 12))
    marks = list(range(0, count, step))
    if marks[-1] != count - 1:
        if count - 1 - marks[-1] < step / 2:
            marks.pop()  # too close to the last one to read both
        marks.append(count - 1)
    chart.x_ticks = [Tick(chart.x(i, count), x_labels[i]) for i in marks]
    y_step = nice_step(chart.y_max - chart.y_min)
    steps = int((chart.y_max - chart.y_min) / y_step + 1e-9)
    chart.y_ticks = [
        Tick(chart.y(v), y_label_of(v))
        for v in (chart.y_min + y_step * k for k in range(steps + 1))
    ]
    return chart


def _spread_labels(chart: Chart) -> None:
    """Move end labels apart so close totals stay readable, keeping their order."""
    lines = sorted(chart.lines, key=lambda line: line.end_y)
    last = -math.inf
    for line in lines:
        line.label_y = max(line.end_y, last + LABEL_GAP)
        last = line.label_y
    overflow = last - (chart.bottom + LABEL_GAP / 2)
    if overflow > 0:
        for line in lines:
            line.label_y -= overflow
    for line in lines:
        line.label_y = round(line.label_y, 1)


def ceiling(top: float) -> float:
    """The top of the y axis: the highest value rounded up to a whole tick."""
    if top <= 0:
        return 10
    step = nice_step(top)
    return step * math.ceil(top / step)
