"""What a tournament adds to the page of one of its tables' games (games.below_the_board,
registered in TournamentsConfig.ready()): which stage of which tournament the table
plays; once the game is over, where each of its players plays next as soon as the next
stage is seated (static/js/next_table.js asks again until then), or that the tournament
is over. Three or four small queries, only on a tournament's game pages."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.template.loader import render_to_string

from games.models import Game, Seat
from tournaments.formats import is_last_stage
from tournaments.models import Stage
from tournaments.stages import stage_name


@dataclass(frozen=True)
class WhereNext:
    stage: Stage
    title: str
    """This game's stage, as the tournament names it ("Game 1", "Final")."""
    over: bool
    """The game has ended."""
    next_title: str | None = None
    """The next stage, once it is seated."""
    seats: tuple[tuple[str, str | None], ...] = ()
    """Each of this table's players, in seat order, and their next table (None: not seated)."""
    last: bool = False
    """This game's stage was the tournament's last."""

    @property
    def waiting(self) -> bool:
        return self.over and self.next_title is None and not self.last


def where_next(game: Game) -> WhereNext | None:
    stage = Stage.objects.filter(night__tables__game=game).select_related("tournament").first()
    if stage is None:
        return None
    tournament = stage.tournament
    title = stage_name(tournament, stage.number, final=stage.final)
    if not game.is_finished:
        return WhereNext(stage=stage, title=title, over=False)
    following = Stage.objects.filter(tournament=tournament, number=stage.number + 1).first()
    if following is None:
        last = is_last_stage(
            tournament.format, number=stage.number, final=stage.final, games=tournament.games
        )
        return WhereNext(stage=stage, title=title, over=True, last=last)
    players = list(game.seats.select_related("player").values_list("player_id", "player__name"))
    tables = {
        seat.player_id: seat.game.table_name
        for seat in Seat.objects.filter(
            game__night_table__night=following.night_id, player__in=[p for p, _ in players]
        ).select_related("game")
    }
    return WhereNext(
        stage=stage,
        title=title,
        over=True,
        next_title=stage_name(tournament, following.number, final=following.final),
        seats=tuple((name, tables.get(player)) for player, name in players),
    )


def after_the_game(request: HttpRequest, game: Game) -> str:
    """The part of the game's page (games.below_the_board) for a tournament's table."""
    found = where_next(game)
    if found is None:
        return ""
    return render_to_string(
        "tournaments/after_the_game.html", {"where": found, "game": game}, request=request
    )
