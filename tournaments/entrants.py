"""Late entrants and withdrawals: a late entrant is seated from the next stage; a player
who withdraws keeps their results and is not seated again."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.scorekeeping import Rejected
from players.models import Player
from tournaments.feed import tournament_changed
from tournaments.models import Entrant, Tournament
from tournaments.results import tournament_board
from tournaments.settings_check import band_known


def add_entrant(*, tournament: Tournament, player: Player, band: str | None = None) -> Entrant:
    """Enter a player who arrived late: they are seated from the next stage."""
    band = (band or "").strip()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        board = tournament_board(tournament)
        if board.finished:
            raise Rejected({"player": _("The tournament is over; nobody can join it now.")})
        if board.entrant(player.pk) is not None:
            raise Rejected(
                {
                    "player": _("%(player)s is already entered; enter each player once.")
                    % {"player": player.name}
                }
            )
        if band:
            band_known(band, tournament.bands, player=player)
        latest = board.latest.number if board.latest else 0
        entrant = Entrant.objects.create(
            tournament=tournament, player=player, band=band, joins=latest + 1
        )
        code = tournament.code
        transaction.on_commit(lambda: tournament_changed(code))
    return entrant


def withdraw(*, tournament: Tournament, player: Player) -> Entrant:
    """The player leaves: their results stay, and no later stage seats them."""
    with transaction.atomic():
        entrant = (
            Entrant.objects.select_for_update().filter(tournament=tournament, player=player).first()
        )
        if entrant is None:
            raise Rejected(
                {
                    "player": _("%(player)s is not entered in this tournament.")
                    % {"player": player.name}
                }
            )
        if entrant.withdrawn is not None:
            raise Rejected(
                {"player": _("%(player)s has already withdrawn.") % {"player": player.name}}
            )
        entrant.withdrawn = timezone.now()
        entrant.save(update_fields=["withdrawn"])
        code = tournament.code
        transaction.on_commit(lambda: tournament_changed(code))
    return entrant
