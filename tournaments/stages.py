"""Starting a tournament and seating its stages: each stage an ordinary night, made by
nights.starting.start_night, so its tables are games like any other.

Refusals raise core.rejections.Rejected with a sentence per field and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.translation import gettext as _

from core.rejections import Rejected
from nights.starting import NewTable, start_night
from players.models import Player
from rules.seating import even_sizes
from tournaments import cards, feed, planning, settings_check
from tournaments.formats import Format
from tournaments.keep import KeepRefused
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
    groups, fixed = settings_check.kept(settings, players, tables)
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
        if seating is not None:
            _confirmed(tournament, players, seating)
        try:
            plan = planning.first_stage(
                players,
                settings.sizes,
                format=settings.format,
                games=settings.games,
                keep=planning.keep_of(made),
                seating=seating,
                rng=rng,
            )
        except KeepRefused as refused:
            names = {p.pk: p.name for p in players}
            raise planning.keep_refusal(refused, names, field=None) from None
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
        board = tournament_board(tournament)
        drawn = planning.plan_next_stage(board, rng=rng)
        plan = drawn
        if seating is not None:
            chosen = _confirmed(
                tournament, [p for t in drawn.tables for p in t], seating, final=drawn.final
            )
            plan = planning.rest_after(board, drawn, replace(drawn, tables=chosen), rng=rng)
        new = _seat(tournament, plan, created_by)
    return new


def _confirmed(
    tournament: Tournament, wanted: Sequence[Player], seating, *, final: bool = False
) -> list[list[Player]]:
    """The seats staff were shown, if they still seat the players the stage needs."""
    chosen = [list(table) for table in seating]
    if sorted(p.pk for table in chosen for p in table) != sorted(p.pk for p in wanted) or (
        final and len(chosen) != 1
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
    return chosen


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
    if tournament.format == Format.ROTATION:
        tournament.plan = plan.rest
        tournament.save(update_fields=["plan"])
    cards.keep_keys([(table.game, table.key) for table in night.tables])
    feed.announce(tournament.code)
    return NewStage(stage=stage, tables=night.tables, plan=plan)
