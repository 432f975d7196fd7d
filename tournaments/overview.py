"""The overview's live part (templates/tournaments/live.html: "My table", the medals, the
stages and the standings with their band filter): what the page draws for one reader,
and what the "tournament" message carries, rendered once per language and band filter
for every phone following the tournament (tournaments/screens.py)."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from core.collation import name_key
from tournaments.my_table import my_table
from tournaments.selectors import TournamentBoard
from tournaments.stages import stage_name
from tournaments.standings import Line, within_band

LIVE_TEMPLATE = "tournaments/live.html"
STANDINGS_SECONDS = 24 * 3600
"""How long the overview's rendered standings are kept unread (its key changes with them)."""
BETWEEN_TAGS = re.compile(r">\s*\n\s*<")


def standings_context(board: TournamentBoard, *, band: str | None) -> dict:
    """What the overview, the wall and the printed results draw of the standings, within
    `band` (a band the tournament has not is refused in `band_error`, and everyone shown)."""
    tournament = board.tournament
    band_error = None
    if band is not None and band not in tournament.bands:
        band_error = _("There is no band called %(band)s here; pick one from the list.") % {
            "band": repr(band)
        }
        band = None
    return {
        "tournament": tournament,
        "board": board,
        "stages": [
            (s, stage_name(tournament, s.number, final=s.stage.final)) for s in board.stages
        ],
        "band": band,
        "band_error": band_error,
        "lines": _in_reading_order(within_band(board.standings, band)),
        "medals": board.medals,
    }


def _in_reading_order(lines: list[tuple[int, Line]]) -> list[tuple[int, Line]]:
    """Players sharing a place by name, as the page's reader sorts names (an "Á" among the
    A's, not after Z): before any game everybody shares first place. The standings are
    worked out once for every language; their order within a tie is the reader's."""
    return sorted(lines, key=lambda pair: (pair[0], name_key(pair[1].entry.name)))


def live_context(board: TournamentBoard, *, band: str | None, me: str | None = None) -> dict:
    """The live part's context for one reader: the standings within `band`, and "My table"
    for `me` (a phone's pick, or nobody)."""
    context = standings_context(board, band=band)
    context["my_table"] = my_table(board, me=me)
    context["standings_seconds"] = STANDINGS_SECONDS
    return context


def render_live(board: TournamentBoard, *, band: str) -> str:
    """The live part as everyone following the tournament with this band filter ("" for
    none) sees it, in the active language: no staff controls, nobody picked for "My
    table" (each phone fills in its own from the message's seats)."""
    html = render_to_string(LIVE_TEMPLATE, live_context(board, band=band or None))
    # The templates' indentation, a sixth of it at 240 entrants, goes to every phone: kept
    # as one line break between tags (drawn the same).
    return BETWEEN_TAGS.sub(">\n<", html)
