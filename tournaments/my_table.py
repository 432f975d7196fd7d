"""The overview's "My table", for a player's phone (static/js/my_table.js remembers the
pick): the entrants to pick from, and where the one picked plays in the stage seated
last, or what happens next for them."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from core.collation import by_name
from tournaments import wall
from tournaments.selectors import TournamentBoard
from tournaments.stages import stage_name


@dataclass(frozen=True)
class MyTable:
    """The overview's "my table": whom a phone follows (picked from the entrants), and
    where they play in the stage seated last."""

    choices: list[tuple[int, str]]
    picked: int | None = None
    sentence: str = ""
    table: str | None = None
    board: str | None = None
    """The link to the table's board."""


def my_table(board: TournamentBoard, *, me: str | None) -> MyTable:
    """Whom the page follows (`me`: a player's id as the page was asked for it, if they
    entered this tournament), and where they play now."""
    choices = by_name(
        ((e.player_id, e.player.name) for e in board.entrants), name=lambda choice: choice[1]
    )
    picked = next((player for player, _name in choices if str(player) == me), None)
    latest = board.latest
    if picked is None or latest is None:
        return MyTable(choices=choices)
    stage = stage_name(board.tournament, latest.number, final=latest.stage.final)
    if board.finished:
        place = next(line.place for line in board.standings if line.player == picked)
        sentence = _("The tournament is over: you finished in place %(place)s.") % {"place": place}
        return MyTable(choices=choices, picked=picked, sentence=sentence)
    if latest.finished:
        sentence = _(
            "%(stage)s is over. Your next table shows here as soon as the next stage is seated."
        ) % {"stage": stage}
        return MyTable(choices=choices, picked=picked, sentence=sentence)
    seat = next((s for s in wall.seats(latest) if s.player == picked), None)
    if seat is None:
        sentence = _("You do not play in %(stage)s.") % {"stage": stage}
        return MyTable(choices=choices, picked=picked, sentence=sentence)
    return MyTable(
        choices=choices,
        picked=picked,
        sentence=_("Your table in %(stage)s:") % {"stage": stage},
        table=seat.table,
        board=reverse("games:board", args=[seat.board]),
    )
