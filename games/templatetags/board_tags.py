"""Small words the board and game pages need: doubles, places, who leads and who won,
and the scoring figures the browser's score helpers count with."""

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.outcome import outcome
from games.snapshot import Board, Standing
from rules import rulesets, scoring
from rules.table import EngineRule, double_name

register = template.Library()


@register.filter
def double(pips: int | None) -> str:
    """12 → "12|12"."""
    return "" if pips is None else double_name(pips)


@register.filter
def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@register.filter
def cells(numbers) -> SafeString:
    """A row of numbers as `<td class="num">` cells. The grid and the chart's table draw
    up to 13 × 8 of them in every push; a template loop costs several times as much."""
    return mark_safe("".join(f'<td class="num">{escape(n)}</td>' for n in numbers))  # noqa: S308


@register.filter
def by_place(board: Board) -> list[Standing]:
    """Standings from first place down; a tie keeps the order of the seats."""
    return sorted(board.standings, key=lambda s: (s.place, s.seat.position))


register.simple_tag(outcome)


@register.simple_tag
def next_round_line(board: Board) -> str:
    """The round being played now and the double it starts from, when that is known."""
    number = board.next_round
    if number is None:
        return "Every round is played: the scorekeeper can end the game."
    table = board.table
    word = table.ruleset.engine_word
    if table.engine_rule is EngineRule.FIXED:
        planned = table.engines_left(board.engines_used)
        if planned:
            return f"Round {number} is on: it starts from the {double_name(planned[0])}."
    if table.engine_rule is EngineRule.DRAWN:
        return f"Round {number} is on: its {word} is drawn at random."
    if table.engine_rule is EngineRule.RECORDED:
        return f"Round {number} is on: the highest unused double in hand starts it."
    return f"Round {number} is on."


@register.simple_tag
def game_name(game) -> str:
    """The ruleset and, where it has variants, the variant: "OLL Train: Even doubles"."""
    rules = game.rules
    variant = rules.variant_name(game.variant or rules.default_variant)
    return f"{rules.name}: {variant}" if variant else rules.name


@register.simple_tag
def scoring_figures() -> dict:
    """rules/scoring.py's figures, for `json_script` (static/js/scoring.js takes them)."""
    return scoring.scoring_figures()


@register.simple_tag
def most_players() -> int:
    """The largest table any ruleset seats: the highest seat number a game can have."""
    return max(
        ruleset.player_range(variant).stop - 1
        for ruleset in rulesets.ALL
        for variant in [v.slug for v in ruleset.variants] or [None]
    )
