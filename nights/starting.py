"""Starting a game night: its tables as ordinary games in one transaction, a table added
late, and a player moved to another table before either table's first save.

Every table is made by `games.starting.start_game`, so a night's games are games like
any other. Nothing here ends a night: a night is finished when all its games are.
Refusals raise `Rejected` with a sentence per field and change nothing.
"""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.rejections import Rejected
from games.announcements import announce
from games.models import Change, Game, Seat, numbered_table
from games.starting import ruleset_and_variant, start_game
from nights.feed import night_changed
from nights.models import Night, Table
from players.models import Player
from rules import rulesets, seating

NAME_MAX_LENGTH = Night._meta.get_field("name").max_length
LABEL_MAX_LENGTH = Game._meta.get_field("table_label").max_length


@dataclass(frozen=True)
class NewTable:
    table: Table
    key: str
    """The table's scorekeeper key in clear: shown once, then only its hash is kept."""
    players: list[Player]
    """Who sits at the table, in seat order."""

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def label(self) -> str:
        return self.table.label


@dataclass(frozen=True)
class NewNight:
    night: Night
    tables: list[NewTable]


def start_night(
    *,
    name: str,
    ruleset: str,
    variant: str | None,
    players: Sequence[Player],
    tables: int | None = None,
    date: datetime.date | None = None,
    created_by=None,
    seating: Sequence[Sequence[Player]] | None = None,
    rounds: int | None = None,
) -> NewNight:
    """Seat `players` at tables numbered 1, 2… (their labels are not stored: each reader
    reads "Table 1" in their own language): the seats given in `seating` (one list per
    table, in seat order, such as the draw shown before confirming), or drawn at random
    at `tables` tables (None: the fewest the ruleset's player range allows). `rounds`:
    every table plays only the schedule's first `rounds` rounds (None: all)."""
    rules, variant = ruleset_and_variant(ruleset, variant)
    name = _name(name)
    players = list(players)
    _no_repeats(players)
    if seating is None:
        seating = _draw(rules, variant, players, tables)
    else:
        seating = _checked(rules, variant, players, seating, tables)
    created_by = created_by if getattr(created_by, "pk", None) else None
    with transaction.atomic():
        night = Night.objects.create(
            name=name,
            date=date or timezone.localdate(),
            ruleset=rules.slug,
            variant=variant or "",
            created_by=created_by,
        )
        new = [
            _open_table(night, position, seated, "", created_by, rounds)
            for position, seated in enumerate(seating, start=1)
        ]
    return NewNight(night=night, tables=new)


def add_table(
    *, night: Night, players: Sequence[Player], label: str = "", created_by=None
) -> NewTable:
    """One more table for players who arrive late: named `label` as typed, or else
    numbered (each reader reads "Table <n>" in their language)."""
    players = list(players)
    _no_repeats(players)
    label = label.strip()
    if len(label) > LABEL_MAX_LENGTH:
        raise Rejected(
            {
                "label": _("Keep the table's name to %(limit)s characters or fewer.")
                % {"limit": LABEL_MAX_LENGTH}
            }
        )
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        tables = list(night.tables.select_related("game"))
        position = max((t.position for t in tables), default=0) + 1
        name = label or numbered_table(position)
        if any(t.label.lower() == name.lower() for t in tables):
            raise Rejected(
                {
                    "label": _("Another table is called %(label)s; choose another name.")
                    % {"label": repr(name)}
                }
            )
        seated = Seat.objects.filter(game__night_table__night=night, player__in=players)
        seat = seated.select_related("player", "game").first()
        if seat is not None:
            raise Rejected(
                {
                    "players": _(
                        "%(player)s already sits at %(table)s tonight; leave them out of the "
                        "new table, or move them to it before its first save."
                    )
                    % {"player": seat.player.name, "table": seat.game.table_name}
                }
            )
        created_by = created_by if getattr(created_by, "pk", None) else None
        new = _open_table(night, position, players, label, created_by)
        code = night.code
        transaction.on_commit(lambda: night_changed(code))
    return new


def move_player(*, night: Night, player: Player, to: Table) -> None:
    """Move a player to another table of the night, to the last seat there; only before
    either table's first save, and only where both tables stay within the player range."""
    if to.night_id != night.pk:
        raise Rejected({"table": _("That table belongs to another night; pick one of tonight's.")})
    with transaction.atomic():
        seat = (
            Seat.objects.filter(game__night_table__night=night, player=player)
            .select_related("game")
            .first()
        )
        if seat is None:
            raise Rejected(
                {
                    "player": _("%(player)s has no seat tonight; add a table for them instead.")
                    % {"player": player.name}
                }
            )
        source, target = seat.game, to.game
        if source.pk == target.pk:
            raise Rejected(
                {
                    "table": _("%(player)s already sits at %(table)s.")
                    % {"player": player.name, "table": target.table_name}
                }
            )
        # Lock both games, in a fixed order, so no save lands on either meanwhile.
        games = {
            g.pk: g
            for g in Game.objects.select_for_update()
            .filter(pk__in=[source.pk, target.pk])
            .order_by("pk")
        }
        started = set(Change.objects.filter(game__in=games).values_list("game_id", flat=True))
        for game in (source, target):
            if game.pk in started or games[game.pk].is_finished:
                raise Rejected(
                    {
                        "table": _(
                            "%(table)s has saved a round, so its seats are fixed; players can "
                            "move only before a table's first save."
                        )
                        % {"table": game.table_name}
                    }
                )
        rules = night.rules
        variant = night.variant or None
        counts = {g.pk: g.seats.count() for g in (source, target)}
        sizes = {source.pk: counts[source.pk] - 1, target.pk: counts[target.pk] + 1}
        span = rules.player_range(variant)
        for game in (source, target):
            if sizes[game.pk] not in span:
                count = sizes[game.pk]
                sentence = ngettext(
                    "Moving %(player)s would leave %(table)s with %(count)s player; "
                    "%(game)s seats %(span)s players at a table.",
                    "Moving %(player)s would leave %(table)s with %(count)s players; "
                    "%(game)s seats %(span)s players at a table.",
                    count,
                )
                raise Rejected(
                    {
                        "table": sentence
                        % {
                            "player": player.name,
                            "table": game.table_name,
                            "count": count,
                            **_seats(rules, variant),
                        }
                    }
                )
        _unseat(seat)
        Seat.objects.create(game=target, player=player, position=counts[target.pk] + 1)
        for game in (source, target):
            Game.objects.filter(pk=game.pk).update(
                version=F("version") + 1,
                set_size=rules.table(variant, sizes[game.pk]).set_size,
            )
            announce(game.code)


def leave_tables(*, player: Player, games: Sequence[Game]) -> None:
    """`player` leaves those of `games` still being played. From a table that has saved
    nothing yet they are taken off, where it stays within the ruleset's player range (it
    is played short); otherwise they keep the seat, marked as left (`Seat.left`), and the
    scorekeeper saves the rounds without them."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk__in=[g.pk for g in games])
        started = set(Change.objects.filter(game__in=locked).values_list("game_id", flat=True))
        for game in locked.order_by("pk"):
            seat = game.seats.filter(player=player).first()
            if seat is None or game.is_finished or seat.left:
                continue
            rules, variant = game.rules, game.variant or None
            count = game.seats.count() - 1
            if game.pk not in started and count in rules.player_range(variant):
                _unseat(seat)
                changes = {"set_size": rules.table(variant, count).set_size}
            else:
                Seat.objects.filter(pk=seat.pk).update(left=True)
                changes = {}
            Game.objects.filter(pk=game.pk).update(version=F("version") + 1, **changes)
            announce(game.code)


def _unseat(seat: Seat) -> None:
    """Take the seat away, the later seats moving up one."""
    position, game = seat.position, seat.game
    seat.delete()
    for later in game.seats.filter(position__gt=position).order_by("position"):
        later.position -= 1
        later.save(update_fields=["position"])


def _name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise Rejected({"name": _("Give the night a name, such as “Tuesday club”.")})
    if len(name) > NAME_MAX_LENGTH:
        raise Rejected(
            {
                "name": _("Keep the night's name to %(limit)s characters or fewer.")
                % {"limit": NAME_MAX_LENGTH}
            }
        )
    return name


def _no_repeats(players: list[Player]) -> None:
    if len({p.pk for p in players}) != len(players):
        raise Rejected({"players": _("Each player can take only one seat; remove the repeat.")})


def _draw(rules, variant, players: list[Player], tables) -> list[list[Player]]:
    if tables is not None and (not isinstance(tables, int) or isinstance(tables, bool)):
        raise Rejected(
            {"tables": _("Give the number of tables as a whole number, or leave it empty.")}
        )
    try:
        sizes = seating.table_sizes(rules, variant, len(players), tables)
    except seating.SeatingRefused as exc:
        raise Rejected({exc.argument: str(exc)}) from None
    return seating.seat_at_random(players, sizes)


def _checked(rules, variant, players, chosen, tables) -> list[list[Player]]:
    """A seating given by the caller: every player once, every table within the range."""
    chosen = [list(table) for table in chosen]
    seated = [p.pk for table in chosen for p in table]
    if sorted(seated) != sorted(p.pk for p in players):
        raise Rejected(
            {"seating": _("The seating does not match the players present; draw the seats again.")}
        )
    if tables is not None and tables != len(chosen):
        sentence = ngettext(
            "The seating has %(count)s table, not %(asked)s; draw it again.",
            "The seating has %(count)s tables, not %(asked)s; draw it again.",
            len(chosen),
        )
        raise Rejected({"tables": sentence % {"count": len(chosen), "asked": tables}})
    span = rules.player_range(variant)
    for position, table in enumerate(chosen, start=1):
        if len(table) not in span:
            sentence = ngettext(
                "%(table)s has %(count)s player; %(game)s seats %(span)s players at a table.",
                "%(table)s has %(count)s players; %(game)s seats %(span)s players at a table.",
                len(table),
            )
            words = {"table": numbered_table(position), "count": len(table)}
            raise Rejected({"seating": sentence % {**words, **_seats(rules, variant)}})
    return chosen


def _seats(rules: rulesets.Ruleset, variant: str | None) -> dict[str, str]:
    """The words "%(game)s seats %(span)s players at a table." needs: "Mexican Train",
    "2 to 8"."""
    return {
        "game": rules.game_words(variant),
        "span": rulesets.span_words(rules.player_range(variant)),
    }


def _open_table(
    night: Night, position: int, players, label: str, created_by, rounds: int | None = None
) -> NewTable:
    """The table at `position`, named `label` as typed or, if blank, by its number."""
    new = start_game(
        ruleset=night.ruleset,
        variant=night.variant or None,
        players=players,
        table_label=label,
        table_number=None if label else position,
        rounds=rounds,
        created_by=created_by,
    )
    table = Table.objects.create(night=night, game=new.game, position=position)
    return NewTable(table=table, key=new.key, players=list(players))
