"""The game chart: each player's running total after every round, for the board partial."""

from django.utils.translation import gettext as _

from charts.lines import STYLES, Chart, Line, ceiling, lay_out
from games.snapshot import Board


def running_totals(board: Board) -> Chart:
    """The game chart: each player's total after every round, starting from 0 (its words
    in the language active now: the board partial is drawn once per language)."""
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
    if board.table.lower_wins:
        how = _("Each player's total after every round; the lowest total wins.")
    else:
        how = _("Each player's total after every round; the highest total wins.")
    if played:
        totals = ", ".join(f"{line.name} {line.final}" for line in lines)
        # Translators: totals lists each player's name and total ("Ann 12, Bob 30").
        so_far = _("After round %(number)s: %(totals)s.") % {"number": played, "totals": totals}
    else:
        so_far = _("No rounds saved yet.")
    chart = Chart(
        # Ids inside the chart carry the game's code: a night's page shows several boards.
        slug=f"running-totals-{board.game.code}",
        title=_("Running totals"),
        description=f"{how} {so_far}",
        x_label=_("Round"),
        y_label=_("Total"),
        lines=lines,
        y_max=y_max,
        empty=not played,
    )
    return lay_out(chart, [str(n) for n in range(played + 1)])
