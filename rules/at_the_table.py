"""The "At the table" card on each rule page, built from the ruleset itself.

Every number on the card comes from `Ruleset.table()`, so the page can't drift from
what the scoreboard enforces; its words are in the active language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.rulesets import Ruleset, Table
from rules.table import EngineRule, double_name


@dataclass(frozen=True)
class HandRow:
    players: int
    set_size: int
    hand_size: int


@dataclass(frozen=True)
class Hands:
    """Tiles per hand for every player count; variants that deal alike share one."""

    variants: tuple[str, ...]
    label: str | None
    rows: tuple[HandRow, ...]

    @property
    def in_short(self) -> str:
        """The rows in one line for the printed handout: "2–4 players: 15 each · …"."""
        spans: list[list[HandRow]] = []
        for row in self.rows:
            last = spans[-1][-1] if spans else None
            if last and (last.set_size, last.hand_size) == (row.set_size, row.hand_size):
                spans[-1].append(row)
            else:
                spans.append([row])
        one_set = len({row.set_size for row in self.rows}) == 1
        parts = []
        for span in spans:
            words = {
                "players": _players_words(tuple(row.players for row in span)),
                "hand": span[0].hand_size,
                "size": span[0].set_size,
            }
            if one_set:
                parts.append(_("%(players)s: %(hand)s each") % words)
            else:
                parts.append(_("%(players)s: %(hand)s each from a double-%(size)s set") % words)
        line = " · ".join(parts)
        if not one_set:
            return line
        return _("%(hands)s (double-%(size)s set)") % {"hands": line, "size": self.rows[0].set_size}


@dataclass(frozen=True)
class Rounds:
    """How many rounds, and which double starts each, for some player counts."""

    variant: str | None
    label: str | None
    players: tuple[int, ...]
    rounds: int | None
    text: str


@dataclass(frozen=True)
class Card:
    hands: tuple[Hands, ...]
    rounds: tuple[Rounds, ...]
    winner: str
    double_blank: str


def _variant_slugs(ruleset: Ruleset) -> list[str | None]:
    return [v.slug for v in ruleset.variants] or [None]


def _tables(ruleset: Ruleset, variant: str | None) -> list[Table]:
    return [ruleset.table(variant, n) for n in ruleset.player_range(variant)]


def _players_words(players: tuple[int, ...]) -> str:
    if len(players) == 1:
        count = players[0]
        return ngettext("%(count)s player", "%(count)s players", count) % {"count": count}
    return _("%(first)s–%(last)s players") % {"first": players[0], "last": players[-1]}


def card(ruleset: Ruleset) -> Card:
    return Card(
        hands=_hands(ruleset),
        rounds=tuple(r for v in _variant_slugs(ruleset) for r in _rounds(ruleset, v)),
        winner=_("The lowest total wins.") if ruleset.lower_wins else _("The highest total wins."),
        double_blank=_double_blank_words(ruleset.double_blank),
    )


def _hands(ruleset: Ruleset) -> tuple[Hands, ...]:
    groups: dict[tuple[HandRow, ...], list[str | None]] = {}
    for variant in _variant_slugs(ruleset):
        rows = tuple(HandRow(t.players, t.set_size, t.hand_size) for t in _tables(ruleset, variant))
        groups.setdefault(rows, []).append(variant)
    hands = []
    for rows, variants in groups.items():
        slugs = tuple(v for v in variants if v is not None)
        label = None
        if slugs:
            label = get_text_list([ruleset.variant_name(v) or v for v in slugs], _("and"))
        hands.append(Hands(variants=slugs, label=label, rows=rows))
    return tuple(hands)


def _rounds(ruleset: Ruleset, variant: str | None) -> list[Rounds]:
    groups: dict[tuple, list[Table]] = {}
    for table in _tables(ruleset, variant):
        groups.setdefault((table.set_size, table.schedule), []).append(table)
    split = len(groups) > 1
    lines = []
    for tables in groups.values():
        first = tables[0]
        players = tuple(t.players for t in tables)
        parts = [ruleset.variant_name(variant)] if variant else []
        if split:
            parts.append(
                _("%(players)s, double-%(size)s set")
                % {"players": _players_words(players), "size": first.set_size}
            )
        lines.append(
            Rounds(
                variant=variant,
                label=" · ".join(p for p in parts if p) or None,
                players=players,
                rounds=first.rounds,
                text=_rounds_words(first),
            )
        )
    return lines


def _rounds_words(table: Table) -> str:
    words = {
        "rounds": table.rounds,
        "top": double_name(table.set_size),
        "engine": table.ruleset.engine_word,
    }
    if table.schedule is None:
        if table.engine_every_round is not None:
            return _(
                "No set number of rounds; play until the time you agreed on runs out. "
                "The %(double)s stays on the hub for every round."
            ) % {"double": double_name(table.engine_every_round)}
        return _(
            "No set number of rounds; play until the time you agreed on runs out. "
            "Whoever holds the highest double starts each round with it."
        )
    if table.engine_rule is EngineRule.FIXED:
        return _("%(rounds)s rounds, with the %(engines)s in this order: %(order)s.") % {
            "rounds": table.rounds,
            "engines": table.ruleset.engine_words,
            "order": ", ".join(double_name(d) for d in table.schedule if d is not None),
        }
    if table.engine_rule is EngineRule.DRAWN:
        return (
            _(
                "%(rounds)s rounds, one for each double from %(top)s to 0|0. Each round's "
                "%(engine)s is drawn at random from the doubles not played yet."
            )
            % words
        )
    return (
        _(
            "%(rounds)s rounds, one for each double from %(top)s to 0|0. Each round starts "
            "from the highest unused double a player holds; the scorekeeper records it."
        )
        % words
    )


def _double_blank_words(value: int | None) -> str:
    if value is None:
        return _("Tiles left in a hand score nothing: points come from the tiles you play.")
    if value == 0:
        return _("The 0|0 counts 0 pips, like any blank.")
    return ngettext("The 0|0 counts %(pips)s pip.", "The 0|0 counts %(pips)s pips.", value) % {
        "pips": value
    }
