"""daphne as deploy/trainscore@.service runs it: the test's port, the unit's options."""

import shlex

from tests.servers import ROOT, Daphne

UNIT = ROOT / "deploy" / "trainscore@.service"


def unit_options() -> list[str]:
    """The options the unit gives daphne besides where it listens (--bind, --port) and what
    it serves (the application, last)."""
    line = next(line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart="))[1:-1]
    options = []
    while words:
        word = words.pop(0)
        if word in ("--bind", "--port"):
            words.pop(0)
        else:
            options.append(word)
    return options


class DeployedDaphne(Daphne):
    """A daphne process started with the unit's options (--proxy-headers among them)."""

    ready_path = "/healthz"  # answered (503) without the database too

    def command(self) -> list[str]:
        *start, application = super().command()
        return [*start, *unit_options(), application]
