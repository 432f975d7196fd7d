"""What newtournament and nextstage print: the tournament's link and the stage just
seated, table by table (or, with --json, the API answer plus that stage's tables)."""

import json

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.command_line import links_for
from tournaments.results import tournament_board
from tournaments.snapshot import tournament_snapshot
from tournaments.stages import NewStage, stage_name


def as_json(new: NewStage, base_url: str) -> str:
    answer = tournament_snapshot(tournament_board(new.tournament))
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
    labels = {
        "tournament": _("Tournament:"),
        "url": _("Scoreboard:"),
        "scorekeeper_url": _("Scorekeeper link:"),
        "key": _("Scorekeeper key:"),
    }
    width = max(len(label) for label in labels.values())
    base = base_url.rstrip("/")
    out = [seated, f"{labels['tournament'].ljust(width)} {base}/tournaments/{tournament.code}/"]
    for table in stage_tables(new, base_url):
        out.append(f"{table['label']}: {names(table['players'])}")
        out += [f"  {labels[key].ljust(width)} {table[key]}" for key in labels if key in table]
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


def names(names: list[str]) -> str:
    """ "Ann, Bob and Cy" in the active language."""
    # Translators: the word before the last name of a list: "Ann, Bob and Cy".
    return get_text_list(names, _("and"))


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
