"""A stage's table cards: each table's scorekeeper key, stored readable for staff
(tournaments.models.TableKey) so any staff device prints cards whose links work, and new
keys made only on purpose, after saying that the printed cards stop working.

`fingerprint` tells an open cards page whether the keys it shows are still the tables'
(static/js/table_cards.js asks every few seconds, and marks its codes void if not)."""

import hashlib

from django.db import transaction

from games.models import Game
from games.starting import replace_key
from tournaments.models import TableKey


def store_keys(games_and_keys: list[tuple[Game, str]]) -> None:
    """Store the keys of tables just seated, for any staff device's cards."""
    TableKey.objects.bulk_create(TableKey(game=game, key=key) for game, key in games_and_keys)


def stage_keys(games: list[Game]) -> dict[int, str]:
    """The stored key of each of these games, by game id (a stage seated before keys were
    stored has none)."""
    return dict(TableKey.objects.filter(game__in=games).values_list("game_id", "key"))


def fingerprint(key_hashes: list[str]) -> str:
    """What changes whenever any of a stage's tables (their key hashes, in table order)
    gets a new key."""
    return hashlib.sha256(",".join(key_hashes).encode()).hexdigest()[:16]


def stage_fingerprint(*, code: str, number: int) -> str | None:
    """The fingerprint of stage `number` of the tournament `code` as stored now, in one
    query; None when there is no such stage."""
    hashes = list(
        Game.objects.filter(
            night_table__night__stage__tournament__code=code,
            night_table__night__stage__number=number,
        )
        .order_by("night_table__position")
        .values_list("key_hash", flat=True)
    )
    return fingerprint(hashes) if hashes else None


def renew_keys(*, games: list[Game]) -> dict[int, str]:
    """New scorekeeper keys for every one of a stage's tables: the printed cards (and the
    old links) stop working. Answers the new keys by game id."""
    keys = {}
    with transaction.atomic():
        for game in games:
            keys[game.pk] = replace_key(game=game)
            TableKey.objects.update_or_create(game=game, defaults={"key": keys[game.pk]})
    return keys
