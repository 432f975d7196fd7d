"""Who won or who leads, as a sentence: the board, the end page and the night's standings
say it alike. Winners are read from what ending the game stored (`Standing.won`).

Sentences are made when they are asked for, in the language active then (a board is
drawn once per language in use)."""

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.snapshot import Board, Standing


def outcome(board: Board) -> str:
    """Who won (finished) or who leads (in progress), as a sentence."""
    if not board.rounds:
        if board.game.is_finished:
            return _("The game ended before any round was saved.")
        return _("No rounds saved yet.")
    if board.game.is_finished:
        return winners_sentence([s for s in board.standings if s.won])
    best = [s for s in board.standings if s.player.id in board.leaders]
    sentence = ngettext(
        # Translators: names is one player's name, or several joined ("Ann and Bob"); the
        # plural is chosen by how many players share the lead. total is their points.
        "%(names)s leads with %(total)s.",
        "%(names)s lead with %(total)s.",
        len(best),
    )
    return sentence % {"names": _names(best), "total": best[0].total}


def winners_sentence(winners: list[Standing]) -> str:
    """ "Ann wins." or "Ann and Bob share the win."."""
    if not winners:
        return _("No rounds were played, so nobody wins.")
    # Translators: names is one winner's name, or several joined ("Ann and Bob"); the
    # plural is chosen by how many players share the win.
    sentence = ngettext("%(names)s wins.", "%(names)s share the win.", len(winners))
    return sentence % {"names": _names(winners)}


def names_list(names: list[str]) -> str:
    """Names as a list: "Ann", "Ann and Bob", "Ann, Bob and Cy", in the active language."""
    # Translators: the word before the last name of a list: "Ann, Bob and Cy".
    return get_text_list(names, _("and"))


def _names(standings: list[Standing]) -> str:
    return names_list([s.player.name for s in standings])
