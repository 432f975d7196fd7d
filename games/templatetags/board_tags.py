"""Small words the board and game pages need: doubles, places, who leads and who won,
and the scoring figures the browser's score helpers count with.

Each says its words in the language active when it is called: a board is drawn once per
language in use, so nothing here keeps a translated word between calls."""

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

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
    """A place in the standings: 1st, 2nd, 3rd, 4th, 11th, 21st (Spanish "1.º", French
    "1er", "2e"). First place has a message of its own; the others one per English suffix."""
    if place == 1:
        # Translators: first place in the standings (English "1st").
        return pgettext("ordinal", "1st")
    last = place % 10
    if 10 <= place % 100 <= 20 or last not in (1, 2, 3):
        # Translators: a place in the standings for numbers ending in 0 or 4–9, and for
        # 11–13 (English "4th", "11th", "20th"); n is the number.
        text = pgettext("ordinal", "%(n)sth")
    elif last == 1:
        # Translators: a place in the standings for 21, 31, 41… (English "21st"); first
        # place has a message of its own. n is the number.
        text = pgettext("ordinal", "%(n)sst")
    elif last == 2:
        # Translators: a place in the standings for 2, 22, 32… (English "2nd"); n is
        # the number.
        text = pgettext("ordinal", "%(n)snd")
    else:
        # Translators: a place in the standings for 3, 23, 33… (English "3rd"); n is
        # the number.
        text = pgettext("ordinal", "%(n)srd")
    return text % {"n": place}


# The grid and the chart's table are drawn here, not in template loops: every push draws
# up to 13 rows of 8 numbers in each, and with 13 rounds the grid's loop alone took ~1.9
# of a board's 6.5 ms render (docs/performance.md).


def cells(numbers) -> SafeString:
    """A row of numbers as `<td class="num">` cells; a missing one (a player who left the
    game before that round) as a dash that screen readers hear as "no score"."""
    return mark_safe("".join(_cell(n) for n in numbers))  # noqa: S308


def _cell(number) -> str:
    if number is None:
        # Translators: read by screen readers in a grid's cell where a player has no
        # points for a round (they left the game before it).
        heard = escape(pgettext("in the grid", "no score"))
        return (
            '<td class="num no-score"><span aria-hidden="true">–</span>'
            f'<span class="visually-hidden">{heard}</span></td>'
        )
    return f'<td class="num">{escape(number)}</td>'


def _row(head: str, numbers, attributes: str = "") -> str:
    """A table row: `head` (html) in its row header, then `numbers` as cells."""
    return f'<tr{attributes}><th scope="row">{head}</th>{cells(numbers)}</tr>'


@register.filter
def grid_rows(board: Board) -> SafeString:
    """The grid's rows: each round's number and double, then its points by seat; the
    latest round is marked."""
    word = escape(capfirst(board.table.ruleset.engine_word))
    rows = board.rows
    drawn = []
    for i, row in enumerate(rows, start=1):
        head = str(row.number)
        if row.engine is not None:
            head += f' <span class="engine" title="{word}">{escape(double(row.engine))}</span>'
        drawn.append(_row(head, row.points, ' class="latest"' if i == len(rows) else ""))
    return mark_safe("".join(drawn))  # noqa: S308


@register.filter
def table_rows(labelled) -> SafeString:
    """The chart's table: (label, numbers) pairs as rows."""
    return mark_safe("".join(_row(escape(label), numbers) for label, numbers in labelled))  # noqa: S308


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
        return _("Every round is played: the scorekeeper can end the game.")
    if board.game.time_called and not board.game.is_finished:
        # Translators: said once a game's time limit has run out.
        return _("Time is up: round %(number)s is the last; the game ends when it is saved.") % {
            "number": number
        }
    table = board.table
    if table.engine_rule is EngineRule.FIXED:
        planned = table.engines_left(board.engines_used)
        if planned:
            # Translators: double is a domino double written as "12|12".
            sentence = _("Round %(number)s is on: it starts from the %(double)s.")
            return sentence % {"number": number, "double": double_name(planned[0])}
    if table.engine_rule is EngineRule.DRAWN:
        # Translators: engine is what this game calls the double that starts a round
        # ("engine", "station double", "platform", "starting double").
        sentence = _("Round %(number)s is on: its %(engine)s is drawn at random.")
        return sentence % {"number": number, "engine": table.ruleset.engine_word}
    if table.engine_rule is EngineRule.RECORDED:
        return _("Round %(number)s is on: the highest unused double in hand starts it.") % {
            "number": number
        }
    return _("Round %(number)s is on.") % {"number": number}


@register.simple_tag
def game_name(game) -> str:
    """The ruleset and, where it has variants, the variant: "OLL Train: Even doubles"."""
    rules = game.rules
    variant = rules.variant_name(game.variant or rules.default_variant)
    return game_and_variant(rules.name, variant) if variant else rules.name


def game_and_variant(game: str, variant: str) -> str:
    """ "OLL Train: Even doubles", in the active language's punctuation."""
    # Translators: a game's name and the variant played ("OLL Train: Even doubles").
    return _("%(game)s: %(variant)s") % {"game": game, "variant": variant}


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
