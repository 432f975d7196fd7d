"""Starting a tournament and seating its stages: each stage an ordinary night, made by
nights.starting.start_night, so its tables are games like any other.

Who sits where is the seating engine's (tournaments/seating/): this module reads the
tournament once before (`_so_far`), asks the engine, and writes the stage it seats once
after (`_seat`). Refusals raise core.rejections.Rejected with a sentence per field and
change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.translation import gettext as _

from core.rejections import Rejected
from nights.starting import NewTable, start_night
from players.models import Player
from rules.seating import even_sizes
from tournaments import cards, changes, settings_check
from tournaments.formats import Format
from tournaments.models import Entrant, Stage, Tournament
from tournaments.seating import Plan, SoFar, plan_stage
from tournaments.selectors import TournamentBoard, table_result, tournament_board
from tournaments.settings_check import Settings
from tournaments.stage_names import stage_name


@dataclass(frozen=True)
class NewStage:
    tournament: Tournament
    stage: Stage
    title: str
    """The stage's name, as its night and the staff's pages call it."""
    tables: list[NewTable]
    """Each table with its scorekeeper key in clear (shown once) and its players."""
    plan: Plan


def create_tournament(
    *,
    settings: Settings,
    entrants: Sequence[tuple[Player, str | None]],
    bands: Sequence[str] | None = None,
    created_by=None,
    seating: Sequence[Sequence[Player]] | None = None,
    rng: random.Random | None = None,
) -> NewStage:
    """Enter the players (each with an optional band, group kept apart and fixed table)
    and seat stage 1: the seats in `seating` (the draw staff were shown), or drawn now (a
    rotation plans all its games and keeps the plan of the games after this one)."""
    settings = settings.checked()
    entrants, bands = settings_check.entered(entrants, bands)
    settings_check.enough_players(settings, len(entrants))
    if settings.format == Format.HEATS_FINAL and len(entrants) <= settings.sizes[-1]:
        raise Rejected(
            {
                "players": _(
                    "All %(count)s players fit one table of %(most)s, so there is nothing to "
                    "heat: start a game night instead, or choose smaller tables."
                )
                % {"count": len(entrants), "most": settings.sizes[-1]}
            }
        )
    created_by = created_by if getattr(created_by, "pk", None) else None
    players = [p for p, _band in entrants]
    tables = len(even_sizes(settings.sizes, len(players)))
    groups, fixed = settings_check.apart_and_fixed(settings, players, tables)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            **settings.stored(), bands=bands, created_by=created_by
        )
        made = Entrant.objects.bulk_create(
            Entrant(
                tournament=tournament,
                player=player,
                band=band,
                apart=groups.get(player.pk),
                table=fixed.get(player.pk),
            )
            for player, band in entrants
        )
        seats = _ids(seating)
        plan = plan_stage(_so_far(tournament, made), seats=seats, rng=rng)
        new = _seat(tournament, plan, {p.pk: p for p in players}, created_by)
    return new


def draw_next_stage(*, tournament: Tournament, rng: random.Random | None = None) -> Plan:
    """The next stage's seats as they would be drawn, to show before confirming."""
    board = tournament_board(tournament)
    plan = plan_stage(_next_so_far(board), rng=rng)
    return _with_players(plan, {e.player_id: e.player for e in board.entrants})


def seat_next_stage(
    *,
    tournament: Tournament,
    seats: Sequence[Sequence[int]] | None = None,
    created_by=None,
    rng: random.Random | None = None,
) -> NewStage:
    """Seat the next stage: the player ids of each table in `seats` (the draw staff were
    shown), or drawn now. Refused while the last stage is still being played, or once the
    tournament is over."""
    created_by = created_by if getattr(created_by, "pk", None) else None
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        board = tournament_board(tournament)
        plan = plan_stage(_next_so_far(board), seats=seats, rng=rng)
        players = {e.player_id: e.player for e in board.entrants}
        new = _seat(tournament, plan, players, created_by)
    return new


# --- Read once before the seating engine draws ----------------------------------------


def _next_so_far(board: TournamentBoard) -> SoFar:
    """The tournament as its next stage's draw needs it; Rejected while its last stage is
    still being played, or once it is over."""
    latest = board.latest
    assert latest is not None  # a tournament is made with its first stage
    if board.finished:
        raise Rejected({"stage": _("The tournament is over: every stage has been played.")})
    if not latest.finished:
        open_table = next(t for t in latest.tables if not t.finished)
        name = stage_name(board.tournament, latest.number, final=latest.stage.final)
        raise Rejected(
            {
                "stage": _(
                    "%(stage)s is still being played: %(table)s has not finished. Seat the "
                    "next stage once every table has ended."
                )
                % {"stage": name, "table": open_table.table.label}
            }
        )
    # Rotation seats from its plan: only heats and progressive tables read the results.
    rotation = board.tournament.format == Format.ROTATION
    return _so_far(
        board.tournament,
        board.entrants,
        played=[stage.seated_tables for stage in board.stages],
        results=[] if rotation else [table_result(table) for table in latest.tables],
    )


def _so_far(tournament: Tournament, entrants: Sequence[Entrant], *, played=(), results=()) -> SoFar:
    """What the seating engine needs of a tournament, in player ids."""
    return SoFar(
        code=tournament.code,
        format=tournament.format,
        sizes=tournament.sizes,
        games=tournament.games,
        advance=tournament.advance,
        move=tournament.move,
        lower_wins=tournament.rules.lower_wins,
        joins={e.player_id: e.joins for e in entrants},
        names={e.player_id: e.player.name for e in entrants},
        withdrawn=frozenset(e.player_id for e in entrants if e.withdrawn),
        apart={e.player_id: e.apart for e in entrants if e.apart},
        fixed={e.player_id: e.table for e in entrants if e.table},
        played=list(played),
        results=list(results),
        plan=tournament.plan or [],
    )


def _ids(seating: Sequence[Sequence[Player]] | None) -> list[list[int]] | None:
    return None if seating is None else [[p.pk for p in table] for table in seating]


# --- Written once after ------------------------------------------------------------------


def _with_players(plan: Plan, players: Mapping[int, Player]) -> Plan:
    """The plan with each player in their id's seat."""
    return replace(plan, tables=[[players[p] for p in table] for table in plan.tables])


def _seat(
    tournament: Tournament, plan: Plan, players: Mapping[int, Player], created_by
) -> NewStage:
    plan = _with_players(plan, players)
    title = stage_name(tournament, plan.number, final=plan.final)
    night = start_night(
        name=f"{tournament.name}: {title}",
        ruleset=tournament.ruleset,
        variant=tournament.variant or None,
        players=[p for table in plan.tables for p in table],
        seating=plan.tables,
        date=tournament.date,
        created_by=created_by,
        rounds=tournament.rounds,
    )
    stage = Stage.objects.create(
        tournament=tournament, number=plan.number, night=night.night, final=plan.final
    )
    if tournament.format == Format.ROTATION:
        tournament.plan = plan.rest
        tournament.save(update_fields=["plan"])
    cards.store_keys([(table.game, table.key) for table in night.tables])
    changes.announce(tournament.code)
    return NewStage(tournament=tournament, stage=stage, title=title, tables=night.tables, plan=plan)
