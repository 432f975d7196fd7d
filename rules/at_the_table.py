"""The "At the table" card on each rule page, built from the ruleset itself.

Pure Python: every number on the card comes from `Ruleset.table()`, so the page
can't drift from what the scoreboard enforces.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import get_text_list

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
            players = _players_words(tuple(row.players for row in span))
            where = "" if one_set else f" from a double-{span[0].set_size} set"
            parts.append(f"{players}: {span[0].hand_size} each{where}")
        line = " · ".join(parts)
        return f"{line} (double-{self.rows[0].set_size} set)" if one_set else line


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
        return f"{players[0]} players"
    return f"{players[0]}–{players[-1]} players"


def card(ruleset: Ruleset) -> Card:
    return Card(
        hands=_hands(ruleset),
        rounds=tuple(r for v in _variant_slugs(ruleset) for r in _rounds(ruleset, v)),
        winner="The lowest total wins." if ruleset.lower_wins else "The highest total wins.",
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
            label = get_text_list([ruleset.variant_name(v) or v for v in slugs], "and")
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
            parts.append(f"{_players_words(players)}, double-{first.set_size} set")
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
    word = table.ruleset.engine_word
    top = double_name(table.set_size)
    if table.schedule is None:
        if table.engine_every_round is not None:
            return (
                "No set number of rounds; play until the time you agreed on runs out. "
                f"The {double_name(table.engine_every_round)} stays on the hub for every round."
            )
        return (
            "No set number of rounds; play until the time you agreed on runs out. "
            "Whoever holds the highest double starts each round with it."
        )
    if table.engine_rule is EngineRule.FIXED:
        order = ", ".join(double_name(d) for d in table.schedule if d is not None)
        return f"{table.rounds} rounds, with the {word}s in this order: {order}."
    if table.engine_rule is EngineRule.DRAWN:
        return (
            f"{table.rounds} rounds, one for each double from {top} to 0|0. Each round's "
            f"{word} is drawn at random from the doubles not played yet."
        )
    return (
        f"{table.rounds} rounds, one for each double from {top} to 0|0. Each round starts "
        f"from the highest unused double a player holds; the scorekeeper records it."
    )


def _double_blank_words(value: int | None) -> str:
    if value is None:
        return "Tiles left in a hand score nothing: points come from the tiles you play."
    if value == 0:
        return "The 0|0 counts 0 pips, like any blank."
    return f"The 0|0 counts {value} pips."
