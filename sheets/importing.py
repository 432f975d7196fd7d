"""Reading score sheets (the format is in sheets/__init__.py) and loading them as games."""

import csv
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.rejections import Rejected
from games.models import Game
from games.scorekeeping import Actor, end_game, record_round
from games.starting import start_game
from live import broadcast
from players.models import NAME_MAX_LENGTH, Player
from sheets.cells import unguarded

IMPORTER = Actor(by="score sheet import")
KINDS = ("game", "set", "table", "note", "round", "end")


class SheetError(Exception):
    """A line that can't be read or imported; names the line and the field (in words)."""

    def __init__(self, line: int, field: str, message: str):
        self.line, self.field, self.message = line, field, message
        super().__init__(
            # Translators: %(field)s names a part of the line: "date", "player 2", "scores"…
            _("Line %(line)s, %(field)s: %(message)s")
            % {"line": line, "field": field, "message": message}
        )


@dataclass
class SheetRound:
    line: int
    number: int
    engine: int | None
    points: list[int]


@dataclass
class SheetGame:
    line: int
    created: datetime
    ruleset: str
    variant: str
    players: list[str]
    set_size: int | None = None
    set_line: int = 0
    table_label: str = ""
    notes: list[str] = field(default_factory=list)
    rounds: list[SheetRound] = field(default_factory=list)
    finished: datetime | None = None
    end_line: int = 0


# --- Reading -----------------------------------------------------------------


def read(lines: Iterable[str]) -> list[SheetGame]:
    """Every game in the sheet, or SheetError for the first line that is wrong."""
    games: list[SheetGame] = []
    reader = csv.reader(lines)
    start = 1
    for cells in reader:
        line, start = start, reader.line_num + 1
        cells = [c.strip() for c in cells]
        if not any(cells) or cells[0].startswith("#"):
            continue
        kind = cells[0].lower()
        if kind == "game":
            games.append(_game(line, cells))
            continue
        if kind not in KINDS:
            raise SheetError(
                line,
                _first_cell(),
                # Translators: the kinds of line are the sheet's own words (game, round, end…).
                _("%(cell)s is not a kind of line; use one of %(kinds)s.")
                % {"cell": repr(cells[0]), "kinds": _kinds()},
            )
        if not games:
            raise SheetError(
                line,
                _first_cell(),
                # Translators: "game line": a line that starts with the word game (kept as is).
                _("Start each game with a game line first."),
            )
        game = games[-1]
        if game.end_line:
            raise SheetError(
                line,
                _first_cell(),
                _("This game already ended; start the next one with a game line."),
            )
        _add(game, kind, line, cells)
    return games


def _kinds() -> str:
    return ", ".join(KINDS)


def _first_cell() -> str:
    # Translators: where on a sheet's line the error is: its first cell.
    return _("first cell")


def _game(line: int, cells: list[str]) -> SheetGame:
    if len(cells) < 5:
        raise SheetError(
            line,
            _("players"),
            _(
                "A game line needs a date, the ruleset, the variant (may be blank) "
                "and at least one player."
            ),
        )
    _kind, when, ruleset, variant, *names = cells
    players = []
    for seat, cell in enumerate(names, start=1):
        name = unguarded(cell)
        if not name:
            raise SheetError(line, _player(seat), _("The name is blank; fill it in or remove it."))
        if len(name) > NAME_MAX_LENGTH:
            raise SheetError(
                line,
                _player(seat),
                _("Keep names to %(limit)s characters or fewer.") % {"limit": NAME_MAX_LENGTH},
            )
        players.append(name)
    if not ruleset:
        raise SheetError(line, _("ruleset"), _("Name the ruleset, such as mexican-train."))
    return SheetGame(
        line=line,
        created=parse_when(when, line=line, field=_("date")),
        ruleset=ruleset.lower(),
        variant=variant.lower(),
        players=players,
    )


def _add(game: SheetGame, kind: str, line: int, cells: list[str]) -> None:
    values = cells[1:]
    if kind == "set":
        game.set_size = _number(_only(values, line, "set"), line=line, field=_set())
        game.set_line = line
    elif kind == "table":
        game.table_label = unguarded(",".join(values).strip())
    elif kind == "note":
        game.notes.append(unguarded(",".join(values)))
    elif kind == "round":
        game.rounds.append(_round(game, line, values))
    else:
        when = values[0] if values else ""
        game.finished = parse_when(when, line=line, field=_("date")) if when else game.created
        if game.finished < game.created:
            raise SheetError(
                line, _("date"), _("The game ends before it started; check the dates.")
            )
        game.end_line = line


def _only(values: list[str], line: int, kind: str) -> str:
    """The one value after a line's kind (`kind` is the sheet's own word, such as set)."""
    if len(values) != 1 or not values[0]:
        raise SheetError(line, _set(), _("Give exactly one value after %(kind)s.") % {"kind": kind})
    return values[0]


def _set() -> str:
    # Translators: the field of a "set" line: the set's highest double.
    return _("set")


def _player(seat: int) -> str:
    return _("player %(seat)s") % {"seat": seat}


def _score_for(name: str) -> str:
    return _("score for %(player)s") % {"player": name}


def _round(game: SheetGame, line: int, values: list[str]) -> SheetRound:
    seats = len(game.players)
    if len(values) != seats + 2:
        raise SheetError(
            line,
            _("scores"),
            ngettext(
                "A round line needs the round number, the engine (may be blank) and %(count)s "
                "score, one per player of the game line; this one has %(given)s.",
                "A round line needs the round number, the engine (may be blank) and %(count)s "
                "scores, one per player of the game line; this one has %(given)s.",
                seats,
            )
            % {"count": seats, "given": max(len(values) - 2, 0)},
        )
    number, engine, *points = values
    return SheetRound(
        line=line,
        number=_number(number, line=line, field=_("round number")),
        engine=_number(engine, line=line, field=_("engine")) if engine else None,
        points=[
            _number(p, line=line, field=_score_for(name))
            for p, name in zip(points, game.players, strict=True)
        ],
    )


def _number(text: str, *, line: int, field: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SheetError(
            line, field, _("%(text)s is not a whole number.") % {"text": repr(text)}
        ) from None


def parse_when(text: str, *, line: int, field: str) -> datetime:
    """A date (midnight in the club's time zone) or a full ISO 8601 date and time."""
    try:
        if len(text) == 10:
            moment = datetime.combine(date.fromisoformat(text), time())
        else:
            moment = datetime.fromisoformat(text)
    except ValueError:
        raise SheetError(
            line,
            field,
            _("%(text)s is not a date; write it as 2025-01-12 or 2025-01-12T19:30.")
            % {"text": repr(text)},
        ) from None
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def load(games: list[SheetGame], *, progress: Callable[[int], None] | None = None) -> int:
    """Create every game through the services, all or nothing; the number of new players."""
    # The games are new, so nobody can be watching them: skip the live pushes.
    with broadcast.held(), transaction.atomic():
        players, registered = Player.objects.find_or_register(
            name for sheet in games for name in sheet.players
        )
        for done, sheet in enumerate(games, start=1):
            _load_game(sheet, players)
            if progress:
                progress(done)
    return len(registered)


def _load_game(sheet: SheetGame, players: dict[str, Player]) -> Game:
    seated = [players[name.lower()] for name in sheet.players]
    try:
        game = start_game(
            ruleset=sheet.ruleset,
            variant=sheet.variant or None,
            players=seated,
            set_size=sheet.set_size,
            table_label=sheet.table_label,
        ).game
    except Rejected as exc:
        field, message = next(iter(exc.errors.items()))
        line = sheet.set_line if field == "set_size" and sheet.set_line else sheet.line
        raise SheetError(line, _game_field(field), message) from None
    for round_ in sheet.rounds:
        scores = {p.pk: points for p, points in zip(seated, round_.points, strict=True)}
        try:
            game = record_round(
                game=game,
                number=round_.number,
                scores=scores,
                engine=round_.engine,
                version=game.version,
                actor=IMPORTER,
            ).game
        except Rejected as exc:
            field, message = next(iter(exc.errors.items()))
            raise SheetError(round_.line, _round_field(field, seated), message) from None
    if sheet.end_line:
        game = end_game(game=game, version=game.version, actor=IMPORTER).game
    Game.objects.filter(pk=game.pk).update(
        created=sheet.created, finished=sheet.finished, notes="\n".join(sheet.notes)
    )
    return game


def _game_field(field: str) -> str:
    """A field of starting a game, as a game line's error names it."""
    words = {
        "set_size": _set(),
        "ruleset": _("ruleset"),
        "variant": _("variant"),
        "players": _("players"),
    }
    return words.get(field, field)


def _round_field(field: str, seated: list[Player]) -> str:
    if field.startswith("scores."):
        pid = int(field.removeprefix("scores."))
        return _score_for(next(p.name for p in seated if p.pk == pid))
    words = {"number": _("round number"), "engine": _("engine"), "scores": _("scores")}
    return words.get(field, field)
