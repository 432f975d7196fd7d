"""Late entrants and withdrawals: a late entrant is seated from the next stage (in a
heats-final, only before the heats are seated), and is never a second entry of someone
entered (players/names.py); a player who withdraws keeps their results, leaves the tables
still being played (nights.starting.leave_tables) and is not seated again, until
reinstated. And the entrants' bands as staff type them ("Ann = 60–69"), on the
new-tournament form and the command line."""

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.rejections import Rejected
from games.models import Game
from nights.starting import leave_tables
from players.models import Player
from players.names import same_person_key
from tournaments import changes
from tournaments.formats import Format
from tournaments.models import Entrant, Tournament
from tournaments.selectors import tournament_board
from tournaments.settings_check import band_known


class BandUnread(ValueError):
    """A "name = band" part that does not say a name and a band (`unknown` False), or
    names nobody entered (`unknown` True); `text` is the part, or the name."""

    def __init__(self, text: str, *, unknown: bool):
        self.text = text
        self.unknown = unknown
        super().__init__(text)


def read_bands(parts: Iterable[str], names: Iterable[str]) -> dict[str, str]:
    """ "Ann = 60–69" parts (blank ones skipped) → {"ann": "60–69"}: each name one of
    `names` (case aside), else BandUnread."""
    entered = {name.strip().lower() for name in names}
    bands = {}
    for part in filter(None, (p.strip() for p in parts)):
        name, equals, band = (text.strip() for text in part.partition("="))
        if not equals or not name or not band:
            raise BandUnread(part, unknown=False)
        if name.lower() not in entered:
            raise BandUnread(name, unknown=True)
        bands[name.lower()] = band
    return bands


def add_entrant(*, tournament: Tournament, player: Player, band: str | None = None) -> Entrant:
    """Enter a player who arrived late: they are seated from the next stage."""
    band = (band or "").strip()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        board = tournament_board(tournament)
        if board.finished:
            raise Rejected({"player": _("The tournament is over; nobody can join it now.")})
        entered = board.entrant(player.pk) or _same_person_entered(board, player)
        if entered is not None:
            raise Rejected(
                {
                    "player": _("%(player)s is already entered; enter each player once.")
                    % {"player": entered.player.name}
                }
            )
        _heats_seated(tournament, board, player)
        if band:
            band_known(band, tournament.bands, player=player)
        latest = board.latest.number if board.latest else 0
        entrant = Entrant.objects.create(
            tournament=tournament, player=player, band=band, joins=latest + 1
        )
        changes.announce(tournament.code)
    return entrant


def _heats_seated(tournament: Tournament, board, player: Player) -> None:
    """Refused once a heats-final's heats are seated: every finalist comes through a heat
    (rotation and progressive seat a newcomer from the next stage)."""
    if tournament.format == Format.HEATS_FINAL and board.latest is not None:
        raise Rejected(
            {
                "player": _(
                    "The heats are already seated, so %(player)s cannot join: every "
                    "finalist must come through a heat. Enter them in the next tournament."
                )
                % {"player": player.name}
            }
        )


def _same_person_entered(board, player: Player) -> Entrant | None:
    """An entrant who is the same person as `player` under another registration (a
    look-alike kept apart when names were first compared: players/names.py)."""
    key = same_person_key(player.name)
    return next((e for e in board.entrants if same_person_key(e.player.name) == key), None)


def _entered(tournament: Tournament, player: Player) -> Entrant:
    """The player's entry, locked for the change (inside a transaction)."""
    entrant = (
        Entrant.objects.select_for_update().filter(tournament=tournament, player=player).first()
    )
    if entrant is None:
        raise Rejected(
            {"player": _("%(player)s is not entered in this tournament.") % {"player": player.name}}
        )
    return entrant


def withdraw(*, tournament: Tournament, player: Player) -> Entrant:
    """The player leaves: their results stay, and no later stage seats them."""
    with transaction.atomic():
        entrant = _entered(tournament, player)
        if entrant.withdrawn is not None:
            raise Rejected(
                {"player": _("%(player)s has already withdrawn.") % {"player": player.name}}
            )
        entrant.withdrawn = timezone.now()
        entrant.save(update_fields=["withdrawn"])
        seated = Game.objects.filter(
            night_table__night__stage__tournament=tournament, seats__player=player
        )
        leave_tables(player=player, games=list(seated))
        changes.announce(tournament.code)
    return entrant


def reinstate(*, tournament: Tournament, player: Player) -> Entrant:
    """Undo a withdrawal: the player is seated again from the next stage (a table they
    left stays as it is now)."""
    with transaction.atomic():
        entrant = _entered(tournament, player)
        if entrant.withdrawn is None:
            raise Rejected(
                {
                    "player": _("%(player)s has not withdrawn, so there is nothing to undo.")
                    % {"player": player.name}
                }
            )
        board = tournament_board(tournament)
        if board.finished:
            raise Rejected({"player": _("The tournament is over; nobody can join it now.")})
        seated = any(player.pk in stage.seated for stage in board.stages)
        if not seated:
            _heats_seated(tournament, board, player)
        entrant.withdrawn = None
        entrant.save(update_fields=["withdrawn"])
        changes.announce(tournament.code)
    return entrant
