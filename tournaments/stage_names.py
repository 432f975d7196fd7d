"""What a stage is called where people see it: "Heat 1", "Final", "Game 2"."""

from django.utils.translation import gettext as _

from tournaments.formats import Format
from tournaments.models import Tournament


def stage_name(tournament: Tournament, number: int, *, final: bool) -> str:
    """ "Heat 1", "Final", "Game 2" in the language of whoever seats it (kept with the
    night, like a name typed in)."""
    if final:
        return _("Final")
    if tournament.format == Format.HEATS_FINAL:
        return _("Heat %(number)s") % {"number": number}
    return _("Game %(number)s") % {"number": number}
