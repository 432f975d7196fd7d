"""Who sits where in a tournament's next stage, drawn from how it stands (no writes).

The draw is shown to staff before it is kept (`stages.seat_next_stage` keeps it); a
refusal is a sentence saying what to do (core.rejections.Rejected).

Rotation plans every game at once when it starts (tournaments/schedule.py) and keeps the
plan of the games not yet seated on the tournament; each next game is seated from it. When
the players to seat are no longer those planned (a late entrant, a withdrawal), the games
not yet seated are planned again from it, the games played staying as they were. Groups
kept apart and fixed tables (tournaments/keep.py) are kept by rotation and progressive.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _

from core.rejections import Rejected
from players.models import Player
from rules.seating import even_sizes, fits, seat_at_random
from tournaments import heats, progressive, rotation, schedule
from tournaments.formats import Format
from tournaments.keep import FIXED_TOGETHER, NO_SUCH_TABLE, TABLE_FULL, Keep, KeepRefused
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
    rest: list[list[list[int]]] = field(default_factory=list)
    """Rotation: the games planned after this one (player ids, table by table)."""
    preview: schedule.Preview | None = None
    """Rotation: the repeats of this game and of every game planned from it."""


def first_stage(
    players: list[Player],
    sizes: range,
    *,
    format: str = Format.HEATS_FINAL,
    games: int | None = None,
    keep: Keep | None = None,
    seating: Sequence[Sequence[Player]] | None = None,
    rng=None,
) -> Plan:
    """Stage 1: everyone at the fewest tables within `sizes`, at the seats in `seating` (the
    draw staff were shown), or else drawn now: a rotation's first game of its whole plan,
    a progressive's tables at random keeping `keep`, heats at random. KeepRefused when no
    seating keeps `keep`."""
    keep = keep or Keep()
    table_sizes = even_sizes(sizes, len(players))
    by_id = {p.pk: p for p in players}
    ids = list(by_id)
    if seating is not None:
        tables = [[p.pk for p in table] for table in seating]
    elif format == Format.PROGRESSIVE:
        shuffled = list(ids)
        (rng or random.SystemRandom()).shuffle(shuffled)
        tables = progressive.cut(shuffled, table_sizes, keep=keep)
    elif format == Format.HEATS_FINAL:
        tables = seat_at_random(ids, table_sizes, rng=rng)
    else:
        tables = []
    planned = [tables] if tables else []
    if format == Format.ROTATION:
        planned += schedule.plan(
            ids, table_sizes, (games or 1) - len(planned), played=planned, keep=keep, rng=rng
        )
    return Plan(
        number=1,
        final=False,
        tables=[[by_id[p] for p in table] for table in planned[0]],
        rest=planned[1:] if format == Format.ROTATION else [],
        preview=schedule.preview([], planned) if format == Format.ROTATION else None,
    )


def keep_of(entrants) -> Keep:
    """The groups kept apart and fixed tables the entrants were given (player ids, tables
    0-based as tournaments/keep.py counts them)."""
    groups: dict[int, set[int]] = {}
    for entrant in entrants:
        if entrant.apart:
            groups.setdefault(entrant.apart, set()).add(entrant.player_id)
    return Keep(
        apart=tuple(frozenset(group) for _number, group in sorted(groups.items())),
        fixed={e.player_id: e.table - 1 for e in entrants if e.table},
    )


def keep_refusal(refused: KeepRefused, names: dict[int, str], *, field: str | None) -> Rejected:
    """KeepRefused as a refusal naming the entrants; `field` None: the field it is about
    (a fixed table, or the groups kept apart)."""
    if field is None:
        about_tables = refused.reason in (NO_SUCH_TABLE, TABLE_FULL, FIXED_TOGETHER)
        field = "fixed" if about_tables else "apart"
    return Rejected({field: refused.sentence(name=names.get)})


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
    rest: list = []
    preview = None
    try:
        if tournament.format == Format.HEATS_FINAL:
            final, tables = _heats(board, joining, withdrawn, sizes, rng)
        elif tournament.format == Format.PROGRESSIVE:
            tables = _progressive(board, joining, withdrawn, sizes)
        else:
            tables, *rest = _rotation(board, withdrawn, number, sizes, rng)
            preview = schedule.preview(_played(board), [tables, *rest])
    except KeepRefused as refused:
        names = {e.player_id: e.player.name for e in board.entrants}
        raise keep_refusal(refused, names, field="stage") from None
    met = rotation.meetings(_played(board))
    return Plan(
        number=number,
        final=final,
        tables=[[players[p] for p in table] for table in tables],
        repeats=rotation.repeats(tables, met),
        rest=rest,
        preview=preview,
    )


def rest_after(board: TournamentBoard, drawn: Plan, seated: Plan, *, rng=None) -> Plan:
    """`seated` (the seats staff confirmed of the `drawn` plan) with the games after it
    planned again when its seats are not those the plan drew."""

    def tables(plan: Plan) -> set[frozenset]:
        return {frozenset(p.pk for p in table) for table in plan.tables}

    if not drawn.rest or tables(seated) == tables(drawn):
        return replace(seated, rest=drawn.rest, preview=drawn.preview)
    game = [[p.pk for p in table] for table in seated.tables]
    played = [*_played(board), game]
    players = [p for table in game for p in table]
    rest = schedule.plan(
        players,
        [len(table) for table in drawn.rest[0]],
        len(drawn.rest),
        played=played,
        keep=keep_of(board.entrants),
        start=drawn.rest,
        rng=rng or _seeded(board, players),
    )
    return replace(seated, rest=rest, preview=schedule.preview(_played(board), [game, *rest]))


def _played(board: TournamentBoard) -> list[list[list[int]]]:
    return [s.seated_tables for s in board.stages]


def _seeded(board: TournamentBoard, players: Sequence[int]) -> random.Random:
    """One plan for one tournament, stage and players: the draw staff see is the one
    confirming seats."""
    latest = board.latest.number if board.latest else 0
    return random.Random(f"{board.tournament.code}/{latest}/{sorted(players)}")


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
    table_sizes = even_sizes(sizes, len(ladder), tables=len(ranked))
    return progressive.cut(ladder, table_sizes, keep=keep_of(board.entrants))


def _rotation(board, withdrawn, number, sizes, rng) -> list[list[list[int]]]:
    """This game and the ones after it: as planned, or planned again from that plan when
    the players to seat have changed."""
    playing = [
        e.player_id for e in board.entrants if e.player_id not in withdrawn and e.joins <= number
    ]
    refused = _unseatable(len(playing), sizes, least=sizes[0])
    if refused:
        raise refused
    table_sizes = even_sizes(sizes, len(playing))
    left = max((board.tournament.games or number) - number + 1, 1)
    stored = board.tournament.plan or []
    if _as_planned(stored, playing, table_sizes, left):
        return stored[:left]
    return schedule.plan(
        playing,
        table_sizes,
        left,
        played=_played(board),
        keep=keep_of(board.entrants),
        start=stored,
        rng=rng or _seeded(board, playing),
    )


def _as_planned(stored, playing: list[int], sizes: list[int], left: int) -> bool:
    """Whether the stored plan seats these players at these sizes for the games left."""
    here = set(playing)
    return len(stored) >= left and all(
        [len(table) for table in seating] == sizes and {p for t in seating for p in t} == here
        for seating in stored[:left]
    )
