"""Who won or who leads, as a sentence: the board, the end page and the night's standings
say it alike. Winners are read from what ending the game stored (`Standing.won`)."""

from django.utils.text import get_text_list

from games.snapshot import Board, Standing


def outcome(board: Board) -> str:
    """Who won (finished) or who leads (in progress), as a sentence."""
    if not board.rounds:
        if board.game.is_finished:
            return "The game ended before any round was saved."
        return "No rounds saved yet."
    if board.game.is_finished:
        return winners_sentence([s for s in board.standings if s.won])
    best = [s for s in board.standings if s.player.id in board.leaders]
    verb = "leads" if len(best) == 1 else "lead"
    return f"{_names(best)} {verb} with {best[0].total}."


def winners_sentence(winners: list[Standing]) -> str:
    """ "Ann wins." or "Ann and Bob share the win."."""
    if not winners:
        return "No rounds were played, so nobody wins."
    return f"{_names(winners)} wins." if len(winners) == 1 else f"{_names(winners)} share the win."


def _names(standings: list[Standing]) -> str:
    return get_text_list([s.player.name for s in standings], "and")
