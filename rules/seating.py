"""Seating a game night: how many tables, of what sizes, and who sits where (no database).

"Seat them for me" is the fewest tables that keep every table within the ruleset's
player range, with sizes differing by at most one (bigger tables first). A number of
tables asked for is kept when it can work and refused with a sentence saying what
would work when it cannot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from rules.rulesets import InvalidSetup, Ruleset, sentence_start, span_words
from rules.words import _, ngettext

T = TypeVar("T")


class SeatingRefused(InvalidSetup):
    """Players or a table count that no seating fits; `argument` is the one to change."""

    def __init__(self, argument: str, message: str):
        self.argument = argument
        super().__init__(message)


def table_sizes(
    ruleset: Ruleset, variant: str | None, players: int, tables: int | None = None
) -> list[int]:
    """The size of each table, biggest first, for `players` at `tables` tables (None: the
    fewest that work). Raises SeatingRefused naming "players" or "tables"."""
    span = ruleset.player_range(variant)
    game = ruleset.game_words(variant)
    fewest, most = table_counts(span, players)
    if fewest > most:
        raise SeatingRefused("players", _no_seating(game, span, players))
    if tables is not None and not fewest <= tables <= most:
        raise SeatingRefused("tables", _wrong_count(game, span, players, tables, fewest, most))
    return even_sizes(span, players, tables)


def even_sizes(span: range, players: int, tables: int | None = None) -> list[int]:
    """`players` at the fewest tables within `span` (or at `tables`, when that works),
    sizes at most one apart, bigger tables first (players who `fits` none: their count)."""
    fewest, most = table_counts(span, players)
    if tables is None or not fewest <= tables <= most:
        tables = fewest
    small, extra = divmod(players, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def table_counts(span: range, players: int) -> tuple[int, int]:
    """The fewest and the most tables that seat `players` within `span` at every table
    with sizes differing by at most one (fewest > most: none can)."""
    if players < span[0]:
        return 1, 0
    return -(-players // span[-1]), players // span[0]


def fits(span: range, players: int) -> bool:
    """Whether `players` can sit at tables within `span` with sizes at most one apart."""
    fewest, most = table_counts(span, players)
    return fewest <= most


def seat_at_random(
    players: Sequence[T], sizes: Sequence[int], *, rng: random.Random | None = None
) -> list[list[T]]:
    """Draw the players' seats: one list per table, in seat order."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    drawn = list(players)
    (rng or random.SystemRandom()).shuffle(drawn)
    tables, start = [], 0
    for size in sizes:
        tables.append(drawn[start : start + size])
        start += size
    return tables


def _no_seating(game: str, span: range, players: int) -> str:
    if players < span[0]:
        return _(
            "%(game)s needs at least %(least)s players at a table; "
            "add %(missing)s more (you have %(count)s)."
        ) % {
            "game": sentence_start(game),
            "least": span[0],
            "missing": span[0] - players,
            "count": players,
        }
    fewer = next(n for n in range(players - 1, 0, -1) if fits(span, n))
    more = next(n for n in range(players + 1, players + span[0] + 1) if fits(span, n))
    return _(
        "%(game)s seats %(span)s players at every table, so %(count)s players cannot be "
        "split into tables; %(fewer)s or %(more)s can."
    ) % {
        "game": sentence_start(game),
        "span": span_words(span),
        "count": players,
        "fewer": fewer,
        "more": more,
    }


def _wrong_count(game: str, span: range, players: int, asked: int, fewest: int, most: int) -> str:
    if fewest == most:
        need = ngettext("%(count)s table", "%(count)s tables", fewest) % {"count": fewest}
    else:
        need = _("%(fewest)s to %(most)s tables") % {"fewest": fewest, "most": most}
    if asked < 1:
        return _(
            "Ask for at least 1 table (%(count)s players need %(need)s), or leave it empty."
        ) % {"count": players, "need": need}
    return _(
        "%(game)s seats %(span)s players at a table, so %(count)s players need %(need)s; "
        "you asked for %(asked)s."
    ) % {
        "game": sentence_start(game),
        "span": span_words(span),
        "count": players,
        "need": need,
        "asked": asked,
    }
