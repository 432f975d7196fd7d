"""The `trainscore` command (and `python -m trainscore`): the app's front door once installed.

`trainscore serve` starts the scoreboard; every other management command is there too
(`trainscore newgame …`, `trainscore backup`, `trainscore createsuperuser`), as
`manage.py` offers them in a checkout. `trainscore --version` says which release runs.
"""

import os
import sys

from trainscore.release import version

PROG = "trainscore"


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments in (["--version"], ["-V"], ["version"]):
        # Django would answer --version with its own version.
        print(f"{PROG} {version()}")
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
    from django.core.management import execute_from_command_line

    # With no command Django lists every command; `serve` is the one most people want.
    if not arguments:
        print(f"Start the scoreboard with: {PROG} serve  (then `{PROG} help` for the rest)\n")
    execute_from_command_line([PROG, *arguments])
