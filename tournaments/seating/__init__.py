"""The seating engine (no database): who sits where in a tournament's stage, from how it
stands, told in player ids. Its one way in is this module; tournaments/stages.py reads the
tournament from the database once before (a `SoFar`) and writes the stage it seats once
after. The import-linter contracts `seating-pure` and `seating-private` (pyproject.toml)
keep the engine free of Django and of the rest of tournaments/, and its modules behind
this one.

`plan_stage` seats a stage: the draw is shown to staff before it is kept, and the seats
they confirm are checked against it. A refusal is a sentence saying what to do
(core.rejections.Rejected), naming the entrants when groups kept apart or fixed tables
cannot be kept.

- Heats (`heats.py`): the best of each table go on, the best of the others fill the seats
  left; the last heat's players at one table are the final.
- Progressive tables (`progressive.py`): the best move up a table, the worst down.
- Rotation (`rotation.py`, `schedule.py`) plans every game at once when it starts and keeps
  the plan of the games not yet seated on the tournament; each next game is seated from
  it. When the players to seat are no longer those planned (a late entrant, a
  withdrawal), the games not yet seated are planned again from it, the games played
  staying as they were.

Groups kept apart and fixed tables (`constraints.py`) are kept by rotation and progressive.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from core.rejections import Rejected
from rules.seating import even_sizes, fits, seat_at_random
from rules.words import _
from tournaments.formats import Format
from tournaments.seating import heats, progressive, rotation, schedule
from tournaments.seating.constraints import (
    FIXED_TOGETHER,
    NO_SUCH_TABLE,
    TABLE_FULL,
    Constraints,
    ConstraintsRefused,
)
from tournaments.seating.heats import Played
from tournaments.seating.rotation import Repeat
from tournaments.seating.schedule import Preview

__all__ = ["Plan", "Preview", "Repeat", "SoFar", "plan_stage"]

Seating = list[list[int]]


@dataclass(frozen=True)
class Plan:
    number: int
    final: bool
    tables: list[list]
    """One list per table, table 1 first, seats in order (player ids, or the players
    tournaments/stages.py puts in their place)."""
    repeats: list[Repeat] = field(default_factory=list)
    """Pairs this seating makes meet again (player ids), table by table."""
    rest: list[Seating] = field(default_factory=list)
    """Rotation: the games planned after this one (player ids, table by table)."""
    preview: Preview | None = None
    """Rotation: the repeats of this game and of every game planned from it."""


@dataclass(frozen=True)
class SoFar:
    """A tournament as the engine needs it to seat a stage, in player ids (read from the
    database once by tournaments/stages.py)."""

    code: str
    """The tournament's code: with the stage and the players, the seed of a re-plan."""
    format: str
    sizes: range
    games: int | None
    advance: int
    move: int | None
    lower_wins: bool
    joins: Mapping[int, int]
    """Every entrant, in the order entered → the first stage they are seated in."""
    names: Mapping[int, str]
    """Every entrant's name, for the sentences that refuse a seating."""
    withdrawn: frozenset[int] = frozenset()
    apart: Mapping[int, int] = field(default_factory=dict)
    """Entrants kept apart → their group's number (1, 2 …)."""
    fixed: Mapping[int, int] = field(default_factory=dict)
    """Fixed entrants → their table (1, 2 …)."""
    played: list[Seating] = field(default_factory=list)
    """Every stage's seats so far, stage 1 first."""
    results: list[list[Played]] = field(default_factory=list)
    """The latest stage's tables, each player's result best first."""
    plan: list[Seating] = field(default_factory=list)
    """Rotation: the games planned and not yet seated."""

    @property
    def number(self) -> int:
        """The stage to seat."""
        return len(self.played) + 1

    @property
    def constraints(self) -> Constraints:
        """The groups kept apart and the fixed tables (0-based, as constraints.py counts
        them)."""
        groups: dict[int, set[int]] = {}
        for player, group in self.apart.items():
            groups.setdefault(group, set()).add(player)
        return Constraints(
            apart=tuple(frozenset(group) for _number, group in sorted(groups.items())),
            fixed={player: table - 1 for player, table in self.fixed.items()},
        )


def plan_stage(so_far: SoFar, *, seats: Sequence[Sequence[int]] | None = None, rng=None) -> Plan:
    """The seats of stage `so_far.number`: `seats` (the draw staff were shown, if it
    still seats the players the stage needs), or drawn now. Rejected, with a sentence,
    when the stage cannot be seated.

    Stage 1 seats everyone at the fewest tables within the sizes: a rotation's first game
    of its whole plan, a progressive's tables at random keeping the constraints, heats at
    random. Each next stage is drawn from how the tournament stands."""
    if so_far.number == 1:
        if seats is not None:
            _check(seats, list(so_far.joins), so_far.sizes)
        return _refusing(_first_stage, so_far, seats, rng)
    drawn = _refusing(_next_stage, so_far, rng)
    if seats is None:
        return drawn
    _check(seats, [p for t in drawn.tables for p in t], so_far.sizes, final=drawn.final)
    return _at_confirmed_seats(so_far, drawn, [list(table) for table in seats], rng)


def _refusing(draw, so_far: SoFar, *args) -> Plan:
    """The `draw`, its ConstraintsRefused told as a sentence naming the entrants: on a new
    tournament's field (a fixed table, or the groups kept apart), else the stage's."""
    try:
        return draw(so_far, *args)
    except ConstraintsRefused as refused:
        if so_far.number > 1:
            about = "stage"
        elif refused.reason in (NO_SUCH_TABLE, TABLE_FULL, FIXED_TOGETHER):
            about = "fixed"
        else:
            about = "apart"
        raise Rejected({about: refused.sentence(name=so_far.names.get)}) from None


def _check(seats, wanted: Sequence[int], sizes: range, *, final: bool = False) -> None:
    """Rejected unless `seats` seat exactly the players `wanted` at tables of `sizes` (at
    one table for a final)."""
    if sorted(p for table in seats for p in table) != sorted(wanted) or (final and len(seats) != 1):
        raise Rejected(
            {"seating": _("The players to seat have changed since the draw; draw again.")}
        )
    if any(len(table) not in sizes for table in seats):
        raise Rejected(
            {
                "seating": _("Every table seats %(low)s to %(high)s players; draw again.")
                % {"low": sizes[0], "high": sizes[-1]}
            }
        )


def _first_stage(so_far: SoFar, seats, rng) -> Plan:
    players = list(so_far.joins)
    constraints = so_far.constraints
    table_sizes = even_sizes(so_far.sizes, len(players))
    if seats is not None:
        tables = [list(table) for table in seats]
    elif so_far.format == Format.PROGRESSIVE:
        shuffled = list(players)
        (rng or random.SystemRandom()).shuffle(shuffled)
        tables = progressive.cut(shuffled, table_sizes, constraints=constraints)
    elif so_far.format == Format.HEATS_FINAL:
        tables = seat_at_random(players, table_sizes, rng=rng)
    else:
        tables = []
    planned = [tables] if tables else []
    rotating = so_far.format == Format.ROTATION
    if rotating:
        planned += schedule.plan(
            players,
            table_sizes,
            (so_far.games or 1) - len(planned),
            played=planned,
            constraints=constraints,
            rng=rng,
        )
    return Plan(
        number=1,
        final=False,
        tables=planned[0],
        rest=planned[1:] if rotating else [],
        preview=schedule.preview([], planned) if rotating else None,
    )


def _next_stage(so_far: SoFar, rng) -> Plan:
    number = so_far.number
    seated_before = {p for seating in so_far.played for table in seating for p in table}
    joining = [
        p
        for p, joins in so_far.joins.items()
        if p not in so_far.withdrawn and joins <= number and p not in seated_before
    ]
    final = False
    rest: list[Seating] = []
    preview = None
    if so_far.format == Format.HEATS_FINAL:
        final, tables = _heats(so_far, joining, rng)
    elif so_far.format == Format.PROGRESSIVE:
        tables = _progressive(so_far, joining)
    else:
        tables, *rest = _rotation(so_far, rng)
        preview = schedule.preview(so_far.played, [tables, *rest])
    return Plan(
        number=number,
        final=final,
        tables=tables,
        repeats=rotation.repeats(tables, rotation.meetings(so_far.played)),
        rest=rest,
        preview=preview,
    )


def _at_confirmed_seats(so_far: SoFar, drawn: Plan, tables: Seating, rng) -> Plan:
    """The `drawn` plan at the seats staff confirmed, with the games after it planned again
    when those seats are not the ones drawn."""
    seated = replace(drawn, tables=tables)
    if not drawn.rest or {frozenset(t) for t in tables} == {frozenset(t) for t in drawn.tables}:
        return seated
    played = [*so_far.played, tables]
    players = [p for table in tables for p in table]
    rest = schedule.plan(
        players,
        [len(table) for table in drawn.rest[0]],
        len(drawn.rest),
        played=played,
        constraints=so_far.constraints,
        start=drawn.rest,
        rng=rng or _seeded(so_far, players),
    )
    return replace(seated, rest=rest, preview=schedule.preview(so_far.played, [tables, *rest]))


def _seeded(so_far: SoFar, players: Sequence[int]) -> random.Random:
    """One plan for one tournament, stage and players: the draw staff see is the one
    confirming seats."""
    return random.Random(f"{so_far.code}/{len(so_far.played)}/{sorted(players)}")


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


def _heats(so_far: SoFar, joining: list[int], rng) -> tuple[bool, Seating]:
    sizes = so_far.sizes
    going: list[int] = []
    others = []
    for result in so_far.results:
        qualified = set(heats.going_on(result, so_far.advance))
        for played in result:
            if played.player in so_far.withdrawn:
                continue
            if played.player in qualified:
                going.append(played.player)
            else:
                others.append(played)
    going += [p for p in joining if p not in going]
    following = heats.next_seats(len(going), sizes)
    going += heats.fillers(others, following.seats - len(going), lower_wins=so_far.lower_wins)
    if len(going) < sizes[0] or (not following.final and len(going) < following.seats):
        raise _too_few(len(going), sizes)
    if following.final:
        return True, seat_at_random(going, [len(going)], rng=rng)
    return False, seat_at_random(going, even_sizes(sizes, len(going)), rng=rng)


def _progressive(so_far: SoFar, joining: list[int]) -> Seating:
    sizes = so_far.sizes
    ranked = [[played.player for played in result] for result in so_far.results]
    moved = progressive.moved(ranked, so_far.move)
    ladder = progressive.ladder(moved, leaving=sorted(so_far.withdrawn), joining=joining)
    refused = _unseatable(len(ladder), sizes, least=2 * sizes[0])  # two tables at least
    if refused:
        raise refused
    table_sizes = even_sizes(sizes, len(ladder), tables=len(ranked))
    return progressive.cut(ladder, table_sizes, constraints=so_far.constraints)


def _rotation(so_far: SoFar, rng) -> list[Seating]:
    """This game and the ones after it: as planned, or planned again from that plan when
    the players to seat have changed."""
    number, sizes = so_far.number, so_far.sizes
    playing = [
        p for p, joins in so_far.joins.items() if p not in so_far.withdrawn and joins <= number
    ]
    refused = _unseatable(len(playing), sizes, least=sizes[0])
    if refused:
        raise refused
    table_sizes = even_sizes(sizes, len(playing))
    left = max((so_far.games or number) - number + 1, 1)
    if _as_planned(so_far.plan, playing, table_sizes, left):
        return so_far.plan[:left]
    return schedule.plan(
        playing,
        table_sizes,
        left,
        played=so_far.played,
        constraints=so_far.constraints,
        start=so_far.plan,
        rng=rng or _seeded(so_far, playing),
    )


def _as_planned(stored, playing: list[int], sizes: list[int], left: int) -> bool:
    """Whether the stored plan seats these players at these sizes for the games left."""
    here = set(playing)
    return len(stored) >= left and all(
        [len(table) for table in seating] == sizes and {p for t in seating for p in t} == here
        for seating in stored[:left]
    )
