"""Who sits where in a tournament's next stage, drawn from how it stands (no writes).

The draw is shown to staff before it is kept (`stages.seat_next_stage` keeps it); a
refusal is a sentence saying what to do (games.scorekeeping.Rejected).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.scorekeeping import Rejected
from players.models import Player
from rules.seating import even_sizes, fits, seat_at_random
from tournaments import heats, progressive, rotation
from tournaments.formats import Format
from tournaments.selectors import TournamentBoard, table_result
from tournaments.stage_names import stage_name


@dataclass(frozen=True)
class Plan:
    number: int
    final: bool
    tables: list[list[Player]]
    """One list per table, table 1 first, seats in order."""
    repeats: list[rotation.Repeat] = field(default_factory=list)
    """Pairs this seating makes meet again (player ids), table by table."""


def first_stage(players: list[Player], sizes: range, *, rng=None) -> Plan:
    """Stage 1: everyone, drawn at random at the fewest tables within `sizes`."""
    drawn = seat_at_random(players, even_sizes(sizes, len(players)), rng=rng)
    return Plan(number=1, final=False, tables=drawn)


def plan_next_stage(board: TournamentBoard, *, rng: random.Random | None = None) -> Plan:
    """The next stage's seating, or Rejected saying why it cannot be seated now."""
    latest = board.latest
    assert latest is not None  # a tournament is made with its first stage
    if board.finished:
        raise Rejected({"stage": _("The tournament is over: every stage has been played.")})
    if not latest.finished:
        raise _still_playing(board)
    tournament = board.tournament
    players = {e.player_id: e.player for e in board.entrants}
    withdrawn = {e.player_id for e in board.entrants if e.withdrawn}
    number = latest.number + 1
    played_before = {p for stage in board.stages for p in stage.seated}
    joining = [
        e.player_id
        for e in board.entrants
        if not e.withdrawn and e.joins <= number and e.player_id not in played_before
    ]
    sizes = tournament.sizes
    final = False
    if tournament.format == Format.HEATS_FINAL:
        final, tables = _heats(board, joining, withdrawn, sizes, rng)
    elif tournament.format == Format.PROGRESSIVE:
        tables = _progressive(board, joining, withdrawn, sizes)
    else:
        tables = _rotation(board, withdrawn, number, sizes, rng)
    met = rotation.meetings([s.seated_tables for s in board.stages])
    return Plan(
        number=number,
        final=final,
        tables=[[players[p] for p in table] for table in tables],
        repeats=rotation.repeats(tables, met),
    )


def _still_playing(board: TournamentBoard) -> Rejected:
    """The stage in play, by the name its page gives it, and a table still open."""
    latest = board.latest
    name = stage_name(board.tournament, latest.number, final=latest.stage.final)
    open_table = next(t for t in latest.tables if not t.finished)
    return Rejected(
        {
            "stage": _(
                "%(stage)s is still being played: %(table)s has not finished. Seat the next "
                "stage once every table has ended."
            )
            % {"stage": name, "table": open_table.table.label}
        }
    )


def _too_few(count: int, sizes: range) -> Rejected:
    return Rejected(
        {
            "stage": _(
                "Only %(count)s players are left to seat, too few for tables of %(low)s to "
                "%(high)s; add late entrants, or end the tournament here."
            )
            % {"count": count, "low": sizes[0], "high": sizes[-1]}
        }
    )


def _unseatable(count: int, sizes: range, least: int) -> Rejected | None:
    """Why `count` players cannot be seated at tables of `sizes` (at least `least` of
    them), or None when they can."""
    if count < max(least, sizes[0]):
        return _too_few(count, sizes)
    if not fits(sizes, count):
        return Rejected(
            {
                "stage": _(
                    "%(count)s players cannot sit at tables of %(low)s to %(high)s with sizes "
                    "at most one apart; enter a late arrival or withdraw a player, then draw "
                    "again."
                )
                % {"count": count, "low": sizes[0], "high": sizes[-1]}
            }
        )
    return None


def _heats(board, joining, withdrawn, sizes, rng) -> tuple[bool, list[list[int]]]:
    latest = board.latest
    advance = board.tournament.advance
    going: list[int] = []
    others = []
    for table in latest.tables:
        result = table_result(table)
        qualified = set(heats.going_on(result, advance))
        for played in result:
            if played.player in withdrawn:
                continue
            if played.player in qualified:
                going.append(played.player)
            else:
                others.append(played)
    going += [p for p in joining if p not in going]
    following = heats.next_seats(len(going), sizes)
    going += heats.fillers(others, following.seats - len(going), lower_wins=board.lower_wins)
    if len(going) < sizes[0] or (not following.final and len(going) < following.seats):
        raise _too_few(len(going), sizes)
    if following.final:
        return True, seat_at_random(going, [len(going)], rng=rng)
    return False, seat_at_random(going, even_sizes(sizes, len(going)), rng=rng)


def _progressive(board, joining, withdrawn, sizes) -> list[list[int]]:
    latest = board.latest
    ranked = [[played.player for played in table_result(table)] for table in latest.tables]
    moved = progressive.moved(ranked, board.tournament.move)
    ladder = progressive.ladder(moved, leaving=sorted(withdrawn), joining=joining)
    refused = _unseatable(len(ladder), sizes, least=2 * sizes[0])  # two tables at least
    if refused:
        raise refused
    return progressive.cut(ladder, even_sizes(sizes, len(ladder), tables=len(ranked)))


def _rotation(board, withdrawn, number, sizes, rng) -> list[list[int]]:
    playing = [
        e.player_id for e in board.entrants if e.player_id not in withdrawn and e.joins <= number
    ]
    refused = _unseatable(len(playing), sizes, least=sizes[0])
    if refused:
        raise refused
    met = rotation.meetings([s.seated_tables for s in board.stages])
    return rotation.draw(playing, even_sizes(sizes, len(playing)), met, rng=rng)
