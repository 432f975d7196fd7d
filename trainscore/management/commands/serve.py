"""`trainscore serve` (what `make run` runs): the one-machine server, ready for a venue's network.

It brings the database up to date (backing an existing one up first: trainscore/upgrade.py),
says where the data is, works out the address the TV and the phones
should open, lets the server answer to this machine's own names and addresses,
prints that address with a QR code (and the one-time setup link while no account
exists), then becomes daphne with SITE_URL set, so every link and QR code the app
shows uses the same address.
"""

import io
import os
import subprocess
import sys

import qrcode
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand
from trainscore import upgrade, venue_network


def can_draw_blocks(encoding: str | None) -> bool:
    """Whether a console in this encoding can show the QR code's block characters: a
    Windows console writing to a file or pipe may use cp1252, which has none."""
    try:
        "\u2588\u2584\u2580\xa0".encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def where_the_data_is() -> str:
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return _("Its data (games, accounts, secret key) is in %(folder)s") % {
            "folder": settings.DATA_DIR
        }
    sentence = _(
        # Translators: vendor is the database's kind (PostgreSQL), database its name.
        "Its games and accounts are in the %(vendor)s database %(database)s; "
        "its secret key and backups in %(folder)s"
    )
    return sentence % {
        "vendor": connection.display_name,
        "database": database["NAME"],
        "folder": settings.DATA_DIR,
    }


def terminal_qr(data: str) -> str:
    """A QR code for `data` in text, light on dark as most terminals draw."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Serve TrainScore on this machine: bring the database up to date (backing an "
        "existing one up first), print where the data is and the address (and a QR code) "
        "the TV and the phones should open, then run daphne."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--host",
            default="127.0.0.1",
            # Translators: argparse puts the default address in place of %(default)s.
            help=_("Where to listen: 0.0.0.0 for the venue's network (default: %(default)s)."),
        )
        parser.add_argument("--port", type=int, default=8000, help=_("Default: %(default)s."))

    def handle(self, *args, host: str, port: int, **options):
        upgrade.migrate(say=lambda sentence: self.stdout.write(sentence + "\n"))

        public = venue_network.public_address(host)
        address = venue_network.url_host(public)
        site_url = settings.SITE_URL or f"http://{address}:{port}"
        allowed = [*settings.ALLOWED_HOSTS, *venue_network.own_names()]
        if not venue_network.is_everywhere(host):
            allowed.append(venue_network.url_host(host))

        self.stdout.write(
            "\n" + _("TrainScore is at %(address)s") % {"address": f"{site_url}/"} + "\n"
        )
        self.stdout.write(where_the_data_is() + "\n")
        if venue_network.is_loopback(host):
            everywhere = venue_network.serve_everywhere_command()
            only_here = _(
                # Translators: command is what to type, such as "trainscore serve --host 0.0.0.0".
                "Only this computer can open it. To put the scoreboard on the TV and the "
                "players' phones, run: %(command)s"
            )
            self.stdout.write(only_here % {"command": everywhere} + "\n")
        elif venue_network.is_loopback(public):
            no_network = _(
                "This computer is on no network yet, so the TV and the phones cannot reach it: "
                "join the venue's Wi-Fi, then start it again."
            )
            self.stdout.write(no_network + "\n")
        elif can_draw_blocks(sys.stdout.encoding):
            self.stdout.write(
                _("Open it on the TV and on the phones (on this network), or scan:")
                + "\n"
                + terminal_qr(site_url + "/")
            )
        else:
            no_blocks = _(
                "Open it on the TV and on the phones (on this network). This console cannot "
                "draw its QR code; a game's page shows one."
            )
            self.stdout.write(no_blocks + "\n")
        call_command("setuplink", url=site_url)
        if settings.DEBUG:
            debug = _("DEBUG is on: error pages show code and settings. Not for a venue.")
            self.stdout.write(debug + "\n")
        self.stdout.flush()

        env = {
            **os.environ,
            "SITE_URL": site_url,
            "ALLOWED_HOSTS": ",".join(dict.fromkeys(allowed)),
        }
        daphne = [sys.executable, "-m", "daphne", "-b", host, "-p", str(port)]
        daphne.append("trainscore.asgi:application")
        # A fresh process, so the settings read SITE_URL and ALLOWED_HOSTS set above.
        if os.name == "posix":
            # exec: the server keeps this process (its id, its terminal, Ctrl+C).
            os.execve(sys.executable, daphne, env)  # noqa: S606
        # Windows' exec starts a new process and ends this one, losing the console's
        # Ctrl+C: wait for the server instead.
        try:
            sys.exit(subprocess.call(daphne, env=env))
        except KeyboardInterrupt:
            sys.exit(130)  # Ctrl+C reached the server too: it stopped, no traceback needed
