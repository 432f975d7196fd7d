"""Starting a tournament and seating its stages: each stage an ordinary night, made by
nights.starting.start_night, so its tables are games like any other.

Refusals raise games.scorekeeping.Rejected with a sentence per field and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from games.scorekeeping import Rejected
from nights.starting import NewTable, start_night
from players.models import Player
from tournaments import cards, feed, planning, settings_check
from tournaments.formats import Format
from tournaments.models import Entrant, Stage, Tournament
from tournaments.planning import Plan
from tournaments.selectors import tournament_board
from tournaments.settings_check import Settings
from tournaments.stage_names import stage_name


@dataclass(frozen=True)
class NewStage:
    stage: Stage
    tables: list[NewTable]
    """Each table with its scorekeeper key in clear (shown once) and its players."""
    plan: Plan

    @property
    def tournament(self) -> Tournament:
        return self.stage.tournament


def create_tournament(
    *,
    settings: Settings,
    entrants: Sequence[tuple[Player, str | None]],
    bands: Sequence[str] | None = None,
    created_by=None,
    seating: Sequence[Sequence[Player]] | None = None,
    rng: random.Random | None = None,
) -> NewStage:
    """Enter the players (each with an optional band) and seat stage 1: the seats in
    `seating` (the draw staff were shown), or drawn at random now."""
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
    with transaction.atomic():
        tournament = Tournament.objects.create(
            **settings.stored(), bands=bands, created_by=created_by
        )
        Entrant.objects.bulk_create(
            Entrant(tournament=tournament, player=player, band=band) for player, band in entrants
        )
        plan = planning.first_stage([p for p, _band in entrants], settings.sizes, rng=rng)
        if seating is not None:
            plan = _confirmed(tournament, plan, seating)
        new = _seat(tournament, plan, created_by)
    return new


def draw_next_stage(*, tournament: Tournament, rng: random.Random | None = None) -> Plan:
    """The next stage's seats as they would be drawn, to show before confirming."""
    return planning.plan_next_stage(tournament_board(tournament), rng=rng)


def seat_next_stage(
    *,
    tournament: Tournament,
    seating: Sequence[Sequence[Player]] | None = None,
    created_by=None,
    rng: random.Random | None = None,
) -> NewStage:
    """Seat the next stage: the seats in `seating` (the draw staff were shown), or drawn
    now. Refused while the last stage is still being played, or once the tournament is
    over."""
    created_by = created_by if getattr(created_by, "pk", None) else None
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        plan = planning.plan_next_stage(tournament_board(tournament), rng=rng)
        if seating is not None:
            plan = _confirmed(tournament, plan, seating)
        new = _seat(tournament, plan, created_by)
    return new


def _confirmed(tournament: Tournament, plan: Plan, seating) -> Plan:
    """The seats staff were shown, if they still seat the players the next stage needs."""
    chosen = [list(table) for table in seating]
    wanted = sorted(p.pk for table in plan.tables for p in table)
    if sorted(p.pk for table in chosen for p in table) != wanted or (
        plan.final and len(chosen) != 1
    ):
        raise Rejected(
            {"seating": _("The players to seat have changed since the draw; draw again.")}
        )
    sizes = tournament.sizes
    if any(len(table) not in sizes for table in chosen):
        raise Rejected(
            {
                "seating": _("Every table seats %(low)s to %(high)s players; draw again.")
                % {"low": sizes[0], "high": sizes[-1]}
            }
        )
    return Plan(number=plan.number, final=plan.final, tables=chosen, repeats=plan.repeats)


def _seat(tournament: Tournament, plan: Plan, created_by) -> NewStage:
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
    cards.keep_keys([(table.game, table.key) for table in night.tables])
    feed.announce(tournament.code)
    return NewStage(stage=stage, tables=night.tables, plan=plan)
