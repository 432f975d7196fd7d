"""The tournament as the API answers it (docs/api.md, "Tournaments"): the API, the socket
and the commands' --json all send this dict."""

from __future__ import annotations

from tournaments.selectors import TournamentBoard


def api_answer(board: TournamentBoard) -> dict:
    tournament = board.tournament
    return {
        "code": tournament.code,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "format": tournament.format,
        "status": board.status,
        "ruleset": {"slug": tournament.ruleset, "variant": tournament.variant or None},
        "stages": [
            {
                "number": stage.number,
                "night": stage.stage.night.code,
                "status": stage.status,
                "clock": {
                    "started": _iso(stage.stage.started),
                    "ends": _iso(stage.stage.ends),
                },
            }
            for stage in board.stages
        ],
        "standings": [
            {
                "player": {"id": line.player, "name": line.entry.name},
                "band": line.entry.band,
                "place": line.place,
                "points": _number(line.points),
                "rounds": line.rounds,
                "average": round(line.average, 2),
                "rounds_won": line.rounds_won,
                "status": line.status,
            }
            for line in board.standings
        ],
        "medals": [
            {
                "band": medal.band,
                "place": medal.place,
                "player": {"id": medal.line.player, "name": medal.line.entry.name},
            }
            for medal in board.medals
        ],
        **_constraints(board),
    }


def _constraints(board: TournamentBoard) -> dict:
    """The groups kept apart (each its players) and the fixed tables (from 1)."""
    groups: dict[int, list[dict]] = {}
    for entrant in board.entrants:
        if entrant.apart:
            groups.setdefault(entrant.apart, []).append(_player(entrant))
    return {
        "apart": [groups[number] for number in sorted(groups)],
        "fixed": [
            {"player": _player(entrant), "table": entrant.table}
            for entrant in board.entrants
            if entrant.table
        ],
    }


def _player(entrant) -> dict:
    return {"id": entrant.player_id, "name": entrant.player.name}


def _number(value: float) -> int | float:
    """Whole points as an int (7), shared ones as they are (2.5)."""
    return int(value) if float(value).is_integer() else value


def _iso(moment) -> str | None:
    return None if moment is None else moment.isoformat()
