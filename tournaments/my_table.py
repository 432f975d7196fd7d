"""The overview's "My table", for a player's phone (static/js/my_table.js remembers the
pick): the entrants to pick from, and where the one picked plays in the stage seated
last, or what happens next for them.

What is said is decided here, once for the whole room (`words`): a seated player's
sentence and everyone else's. The page says it for the player it was asked for; the
"tournament" message carries the same words (in the rendered live part) and each table's
seats (`seats`), so a phone draws its player's line from the message without asking
(docs/api.md, "Tournaments")."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from core.collation import by_name
from tournaments.selectors import TournamentBoard
from tournaments.stage_names import stage_name


@dataclass(frozen=True)
class Words:
    """What "My table" says in the tournament's present state: to a player seated in the
    latest stage (followed by their table's link) and to anyone else (`%(place)s` stands
    for their place once the tournament is over)."""

    seated: str
    unseated: str


@dataclass(frozen=True)
class TableSeats:
    """One table of the stage being played: its label, its board's link, who sits there."""

    table: str
    board: str
    players: list[int]


@dataclass(frozen=True)
class MyTable:
    """The overview's "my table": whom a phone follows (picked from the entrants), and
    where they play in the stage seated last."""

    choices: list[tuple[int, str]]
    words: Words | None = None
    picked: int | None = None
    sentence: str = ""
    table: str | None = None
    board: str | None = None
    """The link to the table's board."""


def words(board: TournamentBoard) -> Words | None:
    """What "My table" says now, in the active language; None before any stage."""
    latest = board.latest
    if latest is None:
        return None
    stage = stage_name(board.tournament, latest.number, final=latest.stage.final)
    if board.finished:
        # The place is filled in per player (here, or on the phone from the standings).
        over = _("The tournament is over: you finished in place %(place)s.")
        return Words(seated=over, unseated=over)
    if latest.finished:
        sentence = _(
            "%(stage)s is over. Your next table shows here as soon as the next stage is seated."
        ) % {"stage": stage}
        return Words(seated=sentence, unseated=sentence)
    return Words(
        seated=_("Your table in %(stage)s:") % {"stage": stage},
        unseated=_("You do not play in %(stage)s.") % {"stage": stage},
    )


def seats(board: TournamentBoard) -> list[TableSeats]:
    """Each table of the latest stage and who sits there, while that stage is played (a
    finished stage seats nobody any more: "My table" says what comes next)."""
    latest = board.latest
    if latest is None or latest.finished:
        return []
    return [
        TableSeats(
            table=t.table.label,
            board=reverse("games:board", args=[t.board.game.code]),
            players=t.seated,
        )
        for t in latest.tables
    ]


def my_table(board: TournamentBoard, *, me: str | None) -> MyTable:
    """Whom the page follows (`me`: a player's id as the page was asked for it, if they
    entered this tournament), and where they play now."""
    choices = by_name(
        ((e.player_id, e.player.name) for e in board.entrants), name=lambda choice: choice[1]
    )
    said = words(board)
    picked = next((player for player, _name in choices if str(player) == me), None)
    if picked is None or said is None:
        return MyTable(choices=choices, words=said)
    seat = next((s for s in seats(board) if picked in s.players), None)
    if seat is not None:
        return MyTable(
            choices=choices,
            words=said,
            picked=picked,
            sentence=said.seated,
            table=seat.table,
            board=seat.board,
        )
    place = next((line.place for line in board.standings if line.player == picked), "")
    sentence = said.unseated.replace("%(place)s", str(place))
    return MyTable(choices=choices, words=said, picked=picked, sentence=sentence)
