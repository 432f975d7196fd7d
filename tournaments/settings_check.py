"""The checks a new tournament's settings go through, each refusal a sentence naming the
field to change (core.rejections.Rejected). Ruleset facts come from rules/ only."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.rejections import Rejected
from games.starting import ruleset_and_variant
from players.models import Player
from players.names import same_person_key
from rules import rulesets
from rules.seating import fits
from tournaments.formats import Format
from tournaments.models import Entrant, Tournament

NAME_MAX_LENGTH = Tournament._meta.get_field("name").max_length
BAND_MAX_LENGTH = Entrant._meta.get_field("band").max_length
MOST_GAMES = 20
MOST_MINUTES = 24 * 60


@dataclass(frozen=True)
class Settings:
    """A tournament's settings, built once by whoever asks for one (the form, the command,
    a test) and checked once by `checked()`, which answers them completed."""

    name: str
    ruleset: str
    """The ruleset's slug."""
    format: str
    variant: str | None = None
    date: datetime.date | None = None
    """None: today."""
    table_size: tuple[int, int] | None = None
    """The smallest and largest table; None: what the ruleset seats."""
    rounds: int | None = None
    """Rounds per game; None: the ruleset's schedule."""
    minutes: int | None = None
    """Time limit per game; None: none."""
    advance: int | None = None
    """Heats: how many go on from each table (1 unless given)."""
    games: int | None = None
    """Rotation and progressive: how many games."""
    move: int | None = None
    """Progressive: how many move from each table (1 unless given)."""
    apart: tuple[tuple[str, ...], ...] = ()
    """Rotation and progressive: groups of entrants (by name) of whom no two sit at one
    table."""
    fixed: tuple[tuple[str, int], ...] = ()
    """Rotation and progressive: entrants (by name) who stay at one table (1, 2 …)."""

    @property
    def rules(self) -> rulesets.Ruleset:
        return rulesets.get(self.ruleset)

    @property
    def sizes(self) -> range:
        """The table sizes (of settings checked)."""
        low, high = self.table_size or (0, -1)
        return range(low, high + 1)

    def checked(self) -> Settings:
        """These settings checked, with the table sizes and the format's defaults filled
        in and the other formats' settings left empty; Rejected with a sentence naming
        the field to change."""
        rules, variant = ruleset_and_variant(self.ruleset, self.variant)
        sizes = _sizes(rules, variant, self.table_size)
        if self.format not in list(Format):
            raise Rejected(
                {"format": _("Choose the format: %(formats)s.") % {"formats": ", ".join(Format)}}
            )
        common = replace(
            self,
            name=_name(self.name),
            ruleset=rules.slug,
            variant=variant,
            table_size=(sizes[0], sizes[-1]),
            rounds=_rounds(rules, variant, sizes, self.rounds),
            minutes=_whole(self.minutes, "minutes", 1, MOST_MINUTES, required=False),
            advance=1,
            games=None,
            move=None,
            apart=_apart(self.apart),
            fixed=_fixed(self.fixed),
        )
        if self.format == Format.HEATS_FINAL:
            _no_constraints(common)
            advance = 1 if self.advance is None else self.advance
            return replace(common, advance=_whole(advance, "advance", 1, sizes[0] - 1))
        games = _whole(self.games, "games", 2, MOST_GAMES)
        if self.format == Format.ROTATION:
            return replace(common, games=games)
        assert self.format == Format.PROGRESSIVE
        move = _whole(1 if self.move is None else self.move, "move", 1, sizes[0] // 2)
        return replace(common, games=games, move=move)

    def stored(self) -> dict:
        """The Tournament model's fields for these (checked) settings."""
        return {
            "name": self.name,
            "date": self.date or timezone.localdate(),
            "ruleset": self.ruleset,
            "variant": self.variant or "",
            "format": self.format,
            "rounds": self.rounds,
            "minutes": self.minutes,
            "table_min": self.sizes[0],
            "table_max": self.sizes[-1],
            "advance": self.advance,
            "games": self.games,
            "move": self.move,
        }


def _name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise Rejected({"name": _("Give the tournament a name, such as “Spring open”.")})
    if len(name) > NAME_MAX_LENGTH:
        raise Rejected(
            {
                "name": _("Keep the tournament's name to %(limit)s characters or fewer.")
                % {"limit": NAME_MAX_LENGTH}
            }
        )
    return name


def _sizes(rules, variant, table_size) -> range:
    span = rules.player_range(variant)
    if table_size is None:
        return span
    low, high = table_size
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (low, high)) or low > high:
        raise Rejected(
            {"table_size": _("Give the table sizes as two whole numbers, smallest first: 4-6.")}
        )
    if low not in span or high not in span:
        raise Rejected(
            {
                "table_size": _(
                    "%(game)s seats %(span)s players at a table; tables of %(low)s to "
                    "%(high)s are outside that, so choose sizes within it."
                )
                % {
                    "game": rulesets.sentence_start(rules.game_words(variant)),
                    "span": rulesets.span_words(span),
                    "low": low,
                    "high": high,
                }
            }
        )
    return range(low, high + 1)


def _rounds(rules, variant, sizes: range, rounds) -> int | None:
    if rounds is None:
        return None
    for size in sizes:
        problem = rules.table(variant, size).rounds_error(rounds)
        if problem:
            raise Rejected({"rounds": problem})
    return rounds


def _apart(groups) -> tuple[tuple[str, ...], ...]:
    """The groups kept apart, names stripped; each of two names or more, nobody in two."""
    cleaned = tuple(tuple(n.strip() for n in group if n.strip()) for group in groups)
    seen: set[str] = set()
    for group in filter(None, cleaned):
        if len(group) < 2:
            sentence = _(
                "Keep apart: %(name)s is alone in a group; give each group two names or more, "
                "such as “Ann+Bob”."
            )
            raise Rejected({"apart": sentence % {"name": repr(group[0])}})
        for name in group:
            if name.lower() in seen:
                sentence = _(
                    "Keep apart: %(name)s is in two groups; put each player in one group (a "
                    "group may have more than two names)."
                )
                raise Rejected({"apart": sentence % {"name": repr(name)}})
            seen.add(name.lower())
    return tuple(filter(None, cleaned))


def _fixed(fixed) -> tuple[tuple[str, int], ...]:
    """The fixed tables, names stripped; each table a whole number from 1, nobody twice."""
    seen: set[str] = set()
    cleaned = []
    for name, table in fixed:
        name = name.strip()
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            sentence = _("Fixed table: give %(name)s's table as a whole number from 1.")
            raise Rejected({"fixed": sentence % {"name": repr(name)}})
        if name.lower() in seen:
            sentence = _("Fixed table: %(name)s is given two tables; give each player one.")
            raise Rejected({"fixed": sentence % {"name": repr(name)}})
        seen.add(name.lower())
        cleaned.append((name, table))
    return tuple(cleaned)


def _no_constraints(settings: Settings) -> None:
    """Heats seat by results: they keep nobody apart or in place."""
    for field in ("apart", "fixed"):
        if getattr(settings, field):
            sentence = _(
                "Heats and a final seat players by their results, so nobody can be kept apart "
                "or at one table; leave this empty, or choose rotation or progressive."
            )
            raise Rejected({field: sentence})


def apart_and_fixed(
    settings: Settings, players: Sequence[Player], tables: int
) -> tuple[dict[int, int], dict[int, int]]:
    """The (checked) settings' groups kept apart and fixed tables, by player id: {id: group
    number from 1} and {id: table from 1}. A name not among `players`, or a table beyond
    the `tables` of stage 1, is refused."""
    # Names as the roster tells people apart: spaces, case and accents aside.
    entered = {same_person_key(p.name): p.pk for p in players}
    groups: dict[int, int] = {}
    for number, group in enumerate(settings.apart, start=1):
        for name in group:
            if same_person_key(name) not in entered:
                sentence = _(
                    "Keep apart: %(name)s is not entered; enter them, or correct the name."
                )
                raise Rejected({"apart": sentence % {"name": repr(name)}})
            groups[entered[same_person_key(name)]] = number
    fixed: dict[int, int] = {}
    for name, table in settings.fixed:
        if same_person_key(name) not in entered:
            sentence = _("Fixed table: %(name)s is not entered; enter them, or correct the name.")
            raise Rejected({"fixed": sentence % {"name": repr(name)}})
        if table > tables:
            sentence = ngettext(
                "Fixed table: %(count)s players sit at %(tables)s table, so there is no table "
                "%(table)s; give %(name)s a table from 1 to %(tables)s.",
                "Fixed table: %(count)s players sit at %(tables)s tables, so there is no table "
                "%(table)s; give %(name)s a table from 1 to %(tables)s.",
                tables,
            )
            raise Rejected(
                {
                    "fixed": sentence
                    % {"count": len(players), "tables": tables, "table": table, "name": repr(name)}
                }
            )
        fixed[entered[same_person_key(name)]] = table
    return groups, fixed


def _what(field: str) -> str:
    """How a sentence names a setting."""
    return {
        "minutes": _("the time limit in minutes"),
        "advance": _("how many go on from each table"),
        "games": _("the number of games"),
        "move": _("how many move from each table"),
    }[field]


def _whole(value, field: str, least: int, most: int, *, required: bool = True) -> int | None:
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        sentence = _("Give %(what)s as a whole number from %(least)s to %(most)s.")
        raise Rejected({field: sentence % {"what": _what(field), "least": least, "most": most}})
    return value


def entered(
    entrants: Sequence[tuple[Player, str | None]], bands: Sequence[str] | None
) -> tuple[list[tuple[Player, str]], list[str]]:
    """The entrants with their bands checked, and the tournament's bands: those given, or
    else the entrants' own, in order. A player entered twice, or a band not among those
    given, is refused."""
    seen: dict[str, Player] = {}
    for player, _band in entrants:
        # One person, one entrant: two registrations of one name (players/names.py) too.
        key = same_person_key(player.name)
        if key in seen:
            first = min(seen[key], player, key=lambda p: p.pk)  # the one registered first
            raise Rejected(
                {
                    "players": _("%(player)s is entered twice; enter each player once.")
                    % {"player": first.name}
                }
            )
        seen[key] = player
    cleaned = [(player, (band or "").strip()) for player, band in entrants]
    if bands is None:
        bands = list(dict.fromkeys(band for _player, band in cleaned if band))
    else:
        bands = list(dict.fromkeys(b.strip() for b in bands if b.strip()))
    for band in bands:
        if len(band) > BAND_MAX_LENGTH:
            raise Rejected(
                {
                    "bands": _("Keep each band's name to %(limit)s characters or fewer.")
                    % {"limit": BAND_MAX_LENGTH}
                }
            )
    for player, band in cleaned:
        if band:
            band_known(band, bands, player=player)
    return cleaned, bands


def band_known(band: str, bands: Sequence[str], *, player: Player) -> None:
    if band in bands:
        return
    if not bands:
        sentence = _(
            "This tournament has no bands, so %(player)s cannot be in %(band)s; "
            "leave the band empty."
        )
    else:
        sentence = _(
            "%(band)s is not one of this tournament's bands (%(bands)s); "
            "put %(player)s in one of them, or in none."
        )
    raise Rejected(
        {"bands": sentence % {"band": repr(band), "bands": ", ".join(bands), "player": player.name}}
    )


def enough_players(settings: Settings, count: int) -> None:
    """Two tables at least, in sizes within those asked for."""
    sizes = settings.sizes
    least = 2 * sizes[0]
    if count < least:
        sentence = _(
            "A tournament needs at least two tables of %(size)s, so %(least)s players; "
            "you entered %(count)s. Enter more players or choose smaller tables."
        )
        raise Rejected({"players": sentence % {"size": sizes[0], "least": least, "count": count}})
    if not fits(sizes, count):
        raise Rejected(
            {
                "table_size": _(
                    "%(count)s players cannot sit at tables of %(low)s to %(high)s with sizes "
                    "at most one apart; widen the table sizes, or enter more or fewer players."
                )
                % {"count": count, "low": sizes[0], "high": sizes[-1]}
            }
        )
