"""Scoring helpers a scorekeeper can use instead of typing a total.

Pure functions, no Django: the pip counter, Derailing's "went out by derailing"
extras and Number 9's points for one turn.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Literal, TypeVar

from rules.words import _

Tile = tuple[int, int]
Player = TypeVar("Player", bound=Hashable)

COMMUNITY_TRAIN = "community"
"""Pass as `derailed` when the last tile derailed Derailing's community train."""

SweepFrom = Literal["hub", "train"]

DERAILING_DOUBLE_BLANK = 0
"""Derailing counts the 0|0 of a derailing tile at face value, like every other tile."""


class InvalidTiles(ValueError):
    """Tiles that can't be in a hand; the message says which and why."""


class InvalidTurn(ValueError):
    """A turn described with parts that can't go together; the message says why."""


def tile_name(tile: Tile) -> str:
    """How players write a tile: 6|6, 3|4."""
    return f"{tile[0]}|{tile[1]}"


def pip_count(tiles: Iterable[Tile], *, double_blank: int) -> int:
    """Sum the pips on tiles left in a hand; the 0|0 counts `double_blank`."""
    total = 0
    for low, high in tiles:
        if low < 0 or high < 0:
            raise InvalidTiles(
                _("A tile can't have fewer than 0 pips on an end (%(tile)s).")
                % {"tile": tile_name((low, high))}
            )
        total += double_blank if low == high == 0 else low + high
    return total


# --- Derailing the Train -------------------------------------------------------


def went_out_by_derailing(
    players: Iterable[Player],
    *,
    went_out: Player,
    derailed: Player | Literal["community"],
    last_tile: Tile,
    doubled_out: bool = False,
) -> dict[Player, int]:
    """Extra points when someone goes out by derailing a train with their last tile.

    `derailed` is the owner of the derailed train (the player who went out, for
    their own train) or COMMUNITY_TRAIN. The tile's pips go to the derailed
    owner, or for the community train to everyone except the player who went
    out. Returns {player: extra points}; empty when the player doubled out
    (derailed and put the train back on track in the same turn).
    """
    seated = list(players)
    if len(set(seated)) != len(seated):
        raise InvalidTurn(_("Each player can sit at the table only once."))
    if went_out not in seated:
        raise InvalidTurn(_("The player who went out must be one of the players at the table."))
    if derailed != COMMUNITY_TRAIN and derailed not in seated:
        raise InvalidTurn(
            _("The derailed train must belong to a player at the table, or be the community train.")
        )
    low, high = last_tile
    if low != high:
        raise InvalidTurn(
            _(
                "Only a double can derail a train, and the %(tile)s is not a double; "
                "score this round from the hands alone."
            )
            % {"tile": tile_name(last_tile)}
        )
    if doubled_out:
        return {}
    pips = pip_count([last_tile], double_blank=DERAILING_DOUBLE_BLANK)
    if derailed == COMMUNITY_TRAIN:
        return {player: pips for player in seated if player != went_out}
    return {derailed: pips}


# --- Number 9 Train -----------------------------------------------------------

NUMBER_9_HANDS = {"standard": 11, "tournament": 9}
"""Dominoes in a full Number 9 hand, by variant (a sweep or grand slam plays all)."""

POINTS_PER_DOMINO = 2
HUB_TRAIN_BONUS = 5
STARTING_DOUBLE_BONUS = 5
GRAND_SLAM_BONUS = 25
SWEEP_BONUS = 10


def scoring_figures() -> dict[str, Any]:
    """The figures the helpers count with, as JSON-able data.

    The browser's copy of the helpers (static/js/scoring.js) takes these as an
    argument, so the numbers are written here only.
    """
    return {
        "derailing_double_blank": DERAILING_DOUBLE_BLANK,
        "number_9_hands": dict(NUMBER_9_HANDS),
        "points_per_domino": POINTS_PER_DOMINO,
        "hub_train_bonus": HUB_TRAIN_BONUS,
        "starting_double_bonus": STARTING_DOUBLE_BONUS,
        "grand_slam_bonus": GRAND_SLAM_BONUS,
        "sweep_bonus": SWEEP_BONUS,
    }


def number_9_turn_points(
    *,
    variant: str | None = None,
    dominoes: int = 0,
    started_train_at_hub: bool = False,
    starting_double: bool = False,
    grand_slam: bool = False,
    sweep_from: SweepFrom | None = None,
    captured: int = 0,
) -> int:
    """Points for one Number 9 turn, built from its parts.

    variant: "standard" (default) or "tournament".
    dominoes: dominoes played this turn, the starting double included.
    started_train_at_hub: the turn began a new train from the hub.
    starting_double: the player put the starting double on the hub (standard only).
    grand_slam: the starting double plus the whole hand in one train (standard only).
    sweep_from: the whole hand played in one turn, from the "hub" or onto a "train".
    captured: dominoes left in the other players' hands, when this turn went out
        (or closed a sweep or grand slam); 0 for a sweep played after a grand slam.

    A grand slam or sweep is scored as a whole hand, so leave `dominoes`,
    `started_train_at_hub` and `starting_double` out when giving one.
    """
    variant = variant or "standard"
    if variant not in NUMBER_9_HANDS:
        raise InvalidTurn(
            _("Number 9 Train has no %(variant)s variant; use standard or tournament.")
            % {"variant": repr(variant)}
        )
    hand = NUMBER_9_HANDS[variant]
    if dominoes < 0 or captured < 0:
        raise InvalidTurn(_("Dominoes played and captured can't be negative."))
    if sweep_from not in (None, "hub", "train"):
        raise InvalidTurn(_("A sweep is played either from the hub or onto an existing train."))
    if variant == "tournament" and (starting_double or grand_slam):
        raise InvalidTurn(
            _(
                "In the tournament game the 9|9 stays on the hub all game, so nobody "
                "scores for the starting double or a grand slam."
            )
        )
    if grand_slam or sweep_from:
        return _whole_hand_points(
            hand=hand,
            grand_slam=grand_slam,
            sweep_from=sweep_from,
            captured=captured,
            parts_given=bool(dominoes or started_train_at_hub or starting_double),
        )
    if dominoes == 0 and (started_train_at_hub or starting_double or captured):
        raise InvalidTurn(_("A turn that scores must play at least one domino; count them."))
    if starting_double and started_train_at_hub and dominoes < 2:
        raise InvalidTurn(
            _("A train from the starting double needs the double plus at least one more domino.")
        )
    return (
        POINTS_PER_DOMINO * dominoes
        + HUB_TRAIN_BONUS * started_train_at_hub
        + STARTING_DOUBLE_BONUS * starting_double
        + captured
    )


def _whole_hand_points(
    *,
    hand: int,
    grand_slam: bool,
    sweep_from: SweepFrom | None,
    captured: int,
    parts_given: bool,
) -> int:
    """A grand slam or a sweep: the whole hand at once, plus its bonus."""
    if grand_slam and sweep_from:
        raise InvalidTurn(_("A turn is a grand slam or a sweep, not both; pick one."))
    if parts_given:
        raise InvalidTurn(
            _(
                "A grand slam or sweep already counts the whole hand, the train and the "
                "double; leave the dominoes, hub and double out."
            )
        )
    whole_hand = POINTS_PER_DOMINO * hand
    if grand_slam:
        train = whole_hand + HUB_TRAIN_BONUS + STARTING_DOUBLE_BONUS
        return train + GRAND_SLAM_BONUS + captured
    train = whole_hand + (HUB_TRAIN_BONUS if sweep_from == "hub" else 0)
    return train + SWEEP_BONUS + captured
