"""`trainscore nextstage CODE`: seat a tournament's next stage and print its links."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from core.rejections import Rejected
from tournaments import command_line
from tournaments.models import Tournament
from tournaments.stages import seat_next_stage


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Seat a tournament's next stage once every table of the last one has ended, and "
        "print each table's scorekeeper link and key."
    )

    def add_arguments(self, parser):
        parser.add_argument("code", help=_("The tournament's code, from its link."))
        command_line.add_output(parser)

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(code=options["code"]).first()
        if tournament is None:
            raise CommandError(
                _("There is no tournament with the code %(code)s; check the link.")
                % {"code": repr(options["code"])}
            )
        try:
            new = seat_next_stage(tournament=tournament)
        except Rejected as exc:
            raise CommandError(str(exc)) from None
        command_line.write(self.stdout, new, options)
