"""What newtournament and nextstage print: the tournament's link and the stage just
seated, table by table (or, with --json, the API answer plus that stage's tables)."""

import json
from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.command_line import add_base_url, links_for, table_link_lines
from games.outcome import names_list
from tournaments.api_answer import api_answer
from tournaments.selectors import tournament_board
from tournaments.stages import NewStage, stage_name


def add_output(parser) -> None:
    """--json and --base-url, as both commands take them."""
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("Print only the tournament as the API answers it, plus the tables seated."),
    )
    add_base_url(parser)


def write(out, new: NewStage, options: dict, *, registered: Sequence[str] = ()) -> None:
    """Print the stage just seated to `out` as the options ask (the players just
    `registered` are said first, except in JSON)."""
    if options["json"]:
        out.write(as_json(new, options["base_url"]))
        return
    if registered:
        out.write(_("Registered new players: %(players)s.") % {"players": names_list(registered)})
    for line in lines(new, options["base_url"]):
        out.write(line)


def as_json(new: NewStage, base_url: str) -> str:
    answer = api_answer(tournament_board(new.tournament))
    return json.dumps({**answer, "tables": stage_tables(new, base_url)})


def lines(new: NewStage, base_url: str) -> list[str]:
    tournament, stage = new.tournament, new.stage
    title = stage_name(tournament, stage.number, final=stage.final)
    count = len(new.tables)
    seated = ngettext(
        "%(stage)s of %(tournament)s is seated at %(count)s table.",
        "%(stage)s of %(tournament)s is seated at %(count)s tables.",
        count,
    ) % {"stage": title, "tournament": tournament.name, "count": count}
    url = f"{base_url.rstrip('/')}/tournaments/{tournament.code}/"
    out = [seated, *table_link_lines(_("Tournament:"), url, stage_tables(new, base_url))]
    if new.plan.repeats:
        repeats = len(new.plan.repeats)
        out.append(
            ngettext(
                "%(count)s pair of players meets again at this stage.",
                "%(count)s pairs of players meet again at this stage.",
                repeats,
            )
            % {"count": repeats}
        )
    out.append(_("Whoever holds a table's key can change its scores; share each with care."))
    return out


def stage_tables(new: NewStage, base_url: str) -> list[dict]:
    """The stage just seated, for `--json`: each table's links, key and players."""
    return [
        {
            "label": table.label,
            **links_for(table, base_url),
            "players": [player.name for player in table.players],
        }
        for table in new.tables
    ]
