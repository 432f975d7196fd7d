"""`{{ board|running_totals }}`: the game chart for the board partial and its pushes."""

from django import template

from charts.lines import Chart
from games import chart
from games.snapshot import Board

register = template.Library()


@register.filter
def running_totals(board: Board) -> Chart:
    return chart.running_totals(board)
