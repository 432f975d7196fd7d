"""The game chart: each player's running total after every round, for the board partial."""

from charts.lines import STYLES, Chart, Line, ceiling, lay_out
from games.snapshot import Board


def running_totals(board: Board) -> Chart:
    """The game chart: each player's total after every round, starting from 0."""
    lines = []
    for style, standing in enumerate(board.standings):
        pid = standing.player.id
        running, values = 0, [0]
        for round_ in board.rounds:
            running += board.scores[round_.number].get(pid, 0)
            values.append(running)
        lines.append(
            Line(
                key=str(pid),
                name=standing.player.name,
                values=values,
                final=str(running),
                style=style % len(STYLES) + 1,
            )
        )
    top = max((v for line in lines for v in line.values), default=0)
    y_max = ceiling(top)
    played = len(board.rounds)
    direction = "lowest" if board.table.lower_wins else "highest"
    totals = ", ".join(f"{line.name} {line.final}" for line in lines)
    chart = Chart(
        # Ids inside the chart carry the game's code: a night's page shows several boards.
        slug=f"running-totals-{board.game.code}",
        title="Running totals",
        description=(
            f"Each player's total after every round; the {direction} total wins. "
            + (f"After round {played}: {totals}." if played else "No rounds saved yet.")
        ),
        x_label="Round",
        y_label="Total",
        lines=lines,
        y_max=y_max,
        empty=not played,
    )
    return lay_out(chart, [str(n) for n in range(played + 1)], lambda v: f"{v:g}")
