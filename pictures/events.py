"""A game, a night or a tournament as its result picture shows it (pictures/result.py), in
the language active now. Each reads the board its page already loaded, so the picture, the
page's link-preview tags and its Share button need no query of their own."""

from collections.abc import Sequence
from datetime import date, datetime
from typing import Protocol

from django.conf import settings
from django.utils import formats, timezone
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from charts.lines import number_text
from games.chart import running_totals
from games.outcome import names_list
from games.snapshot import Board
from games.templatetags.board_tags import game_name
from nights.models import Night
from pictures.result import Group, Placed, Result, Series


class TableLike(Protocol):
    """A night's table as its pages hold it: its label and its board."""

    label: str
    board: Board


def game_result(board: Board) -> Result:
    game = board.game
    played = len(board.rounds)
    ranked = sorted(board.standings, key=lambda s: (s.place, s.seat.position))
    lines = tuple(Placed(place=s.place, name=s.player.name, score=str(s.total)) for s in ranked)
    if game.is_finished:
        first = [line for s, line in zip(ranked, lines, strict=True) if s.won]
    else:
        first = [line for line in lines if line.place == 1] if played else []
    facts = [day(game.finished or game.created)]
    if game.table_name:
        facts.append(game.table_name)
    if played:
        facts.append(_rounds(played))
    return Result(
        language=get_language(),
        club=settings.CLUB_NAME,
        title=game_name(game),
        facts=tuple(facts),
        state=_state(finished=game.is_finished, played=played),
        groups=(Group(label="", lines=lines),),
        chart=_chart(board) if played else (),
        description=_description(first, finished=game.is_finished, played=played),
        has_result=bool(played),
    )


def night_result(night: Night, tables: Sequence[TableLike]) -> Result:
    boards = [t.board for t in tables]
    finished = bool(boards) and all(b.game.is_finished for b in boards)
    groups, leaders = [], []
    for table in tables:
        lines = game_result(table.board).groups[0].lines
        groups.append(Group(label=table.label, lines=lines))
        best = [line.name for line in lines if line.place == 1] if table.board.rounds else []
        if best:
            # Translators: who won (or leads) at a table, in a list of the night's tables:
            # "Ann and Bob (Table 2)".
            leaders.append(
                _("%(names)s (%(table)s)") % {"names": names_list(best), "table": table.label}
            )
    count = len(tables)
    tables_text = ngettext("%(count)s table", "%(count)s tables", count) % {"count": count}
    if not leaders:
        description = _("No rounds saved yet.")
    elif finished:
        description = _("Winners: %(list)s") % {"list": "; ".join(leaders)}
    else:
        description = _("Leading: %(list)s") % {"list": "; ".join(leaders)}
    return Result(
        language=get_language(),
        club=settings.CLUB_NAME,
        title=night.name,
        facts=(day(night.date), night.rules.name, tables_text),
        state=_state(finished=finished, played=None),
        groups=tuple(groups),
        description=f"{description} · {tables_text}",
        has_result=any(b.rounds for b in boards),
    )


def tournament_result(board) -> Result:
    """From the tournament's board as its pages load it (`tournaments.selectors`): its
    tournament, status, stages and standings, the fields its API answer is made of."""
    tournament = board.tournament
    finished = board.status == "finished"
    lines = tuple(
        Placed(place=line.place, name=line.entry.name, score=number_text(line.points))
        for line in board.standings
    )
    played = any(line.rounds for line in board.standings)
    first = [line for line in lines if line.place == 1] if played else []
    stages = len(board.stages)
    stages_text = ngettext("%(count)s stage", "%(count)s stages", stages) % {"count": stages}
    description = _description(first, finished=finished, played=None)
    return Result(
        language=get_language(),
        club=settings.CLUB_NAME,
        title=tournament.name,
        facts=(day(tournament.date), tournament.rules.name, str(tournament.get_format_display())),
        state=_state(finished=finished, played=None),
        groups=(Group(label="", lines=lines),),
        description=f"{description} · {stages_text}" if first else description,
        has_result=played,
    )


def _chart(board: Board) -> tuple[Series, ...]:
    """The running totals the game's board draws (games/chart.py), each line in its colour."""
    lines = running_totals(board).lines
    return tuple(
        Series(name=line.name, totals=tuple(line.values), color=line.color) for line in lines
    )


def _rounds(played: int) -> str:
    return ngettext("%(count)s round", "%(count)s rounds", played) % {"count": played}


def day(moment: date | datetime) -> str:
    """A date as the pages write it ("Fri 27 Nov 2026"), in the club's time zone."""
    if isinstance(moment, datetime):
        moment = timezone.localtime(moment).date()
    # Translators: a Django date format (the letters of the "date" template filter); order
    # them as your language writes dates.
    return formats.date_format(moment, pgettext("date format", "D j M Y"))


def _state(*, finished: bool, played: int | None) -> str:
    """What the picture's corner says: final, or still playing (a game: after which round)."""
    if finished:
        return _("Final result")
    if played:
        return _("After round %(number)s · live") % {"number": played}
    return _("Live")


def _description(first: list[Placed], *, finished: bool, played: int | None) -> str:
    """ "Ann won with 84 · 13 rounds", "Ann and Bob lead with 40 · after round 5"."""
    if not first:
        return _("No rounds saved yet.")
    names = {"names": names_list([line.name for line in first]), "total": first[0].score}
    if finished:
        # Translators: names is a winner's name, or several joined ("Ann and Bob"); total
        # their score.
        said = ngettext(
            "%(names)s won with %(total)s", "%(names)s shared the win with %(total)s", len(first)
        )
    else:
        # Translators: names is a leader's name, or several joined ("Ann and Bob"); total
        # their score.
        said = ngettext(
            "%(names)s leads with %(total)s", "%(names)s lead with %(total)s", len(first)
        )
    said %= names
    if played is None:
        return said
    length = _rounds(played) if finished else _("after round %(number)s") % {"number": played}
    return f"{said} · {length}"
