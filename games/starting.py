"""Starting a game: the one place a Game, its seats and its scorekeeper key are made."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from core.rejections import Rejected
from games import keys
from games.models import Game, Seat
from players.models import Player
from rules import rulesets


@dataclass(frozen=True)
class NewGame:
    game: Game
    key: str
    """The scorekeeper key in clear: shown once, then only its hash is kept."""


def ruleset_and_variant(ruleset: str, variant: str | None) -> tuple[rulesets.Ruleset, str | None]:
    """The ruleset by its slug and the variant it plays (its default for None); Rejected
    names the field that is wrong. A night and a tournament check theirs the same way."""
    try:
        rules = rulesets.get(ruleset)
    except rulesets.UnknownRuleset as exc:
        raise Rejected({"ruleset": str(exc)}) from None
    try:
        return rules, rules.check_variant(variant)
    except rulesets.InvalidSetup as exc:
        raise Rejected({"variant": str(exc)}) from None


def start_game(
    *,
    ruleset: str,
    variant: str | None,
    players: Sequence[Player],
    set_size: int | None = None,
    table_label: str = "",
    table_number: int | None = None,
    rounds: int | None = None,
    created_by=None,
) -> NewGame:
    """Seat `players` in the given order; Rejected names the field that is wrong. The
    table is named by `table_label` as typed, or by its `table_number` (said "Table 2"
    in each reader's language). `rounds`: play only the schedule's first `rounds` rounds
    (None: all of them)."""
    rules, variant = ruleset_and_variant(ruleset, variant)
    if len({p.pk for p in players}) != len(players):
        raise Rejected({"players": _("Each player can take only one seat; remove the repeat.")})
    try:
        table = rules.table(variant, len(players))
    except rulesets.InvalidSetup as exc:
        raise Rejected({"players": str(exc)}) from None
    if set_size is not None:
        try:
            table = rules.table(variant, len(players), set_size=set_size)
        except rulesets.InvalidSetup as exc:
            raise Rejected({"set_size": str(exc)}) from None
    if rounds is not None and table.rounds_error(rounds):
        raise Rejected({"rounds": table.rounds_error(rounds)})

    key = keys.new_key()
    with transaction.atomic():
        game = Game.objects.create(
            ruleset=rules.slug,
            variant=variant or "",
            set_size=table.set_size,
            key_hash=keys.hash_key(key),
            table_label=table_label.strip(),
            table_number=table_number,
            last_round=rounds,
            created_by=created_by if getattr(created_by, "pk", None) else None,
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=position)
            for position, player in enumerate(players, start=1)
        )
    return NewGame(game=game, key=key)


def replace_key(*, game: Game) -> str:
    """A fresh scorekeeper key for a game whose link was lost; the old key stops working.

    Browsers that already opened the old link keep their rights (their session says so).
    """
    key = keys.new_key()
    Game.objects.filter(pk=game.pk).update(key_hash=keys.hash_key(key))
    return key
