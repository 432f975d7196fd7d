"""One concrete game set-up: a ruleset, a variant, a player count and a set.

The table answers what the games app needs while a game runs: which double may
start the next round, whether a round score is possible, when the schedule is
done, and how many pips a hand holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol

from rules.scoring import (
    GRAND_SLAM_BONUS,
    HUB_TRAIN_BONUS,
    POINTS_PER_DOMINO,
    STARTING_DOUBLE_BONUS,
    SWEEP_BONUS,
    InvalidTiles,
    Tile,
    pip_count,
    tile_name,
)
from rules.words import _, gettext_noop


class RulesetFacts(Protocol):
    """What a table needs to know of its ruleset (rules.rulesets.Ruleset has it all)."""

    slug: str
    helpers: tuple[str, ...]

    @property
    def name(self) -> str: ...

    @property
    def engine_word(self) -> str: ...

    @property
    def engine_words(self) -> str: ...


class EngineRule(StrEnum):
    """How the double that starts each round is chosen."""

    FIXED = "fixed"
    """The schedule names it (OLL; every round of Number 9's tournament game)."""
    DRAWN = "drawn"
    """Drawn at random from the doubles not yet played (Mexican Train)."""
    RECORDED = "recorded"
    """The highest unused double a player holds; the scorekeeper records it (Derailing)."""
    NONE = "none"
    """Not recorded: whoever holds the highest double starts (Number 9 standard)."""

    @property
    def note(self) -> str:
        """A few words for a screen on where a round's double comes from ("" when fixed)."""
        note = _ENGINE_NOTES[self]
        return _(note) if note else ""


_ENGINE_NOTES = {
    EngineRule.FIXED: "",
    EngineRule.DRAWN: gettext_noop("Drawn at the table"),
    EngineRule.RECORDED: gettext_noop("Highest unused double in hand"),
    EngineRule.NONE: gettext_noop("Highest double in hand"),
}


def tiles_in_set(set_size: int) -> int:
    """Tiles in a double-N set: 28 for double-6, 55 for double-9, 91 for double-12."""
    return (set_size + 1) * (set_size + 2) // 2


def pips_in_set(set_size: int, *, double_blank: int) -> int:
    """Every pip in a double-N set, the 0|0 counted at `double_blank`."""
    # Each number appears N + 2 times: once with every other number, twice on its double.
    return (set_size + 2) * set_size * (set_size + 1) // 2 + double_blank


def double_name(pips: int) -> str:
    return tile_name((pips, pips))


def _list_doubles(doubles: Iterable[int]) -> str:
    return ", ".join(str(d) for d in doubles)


@dataclass(frozen=True)
class Table:
    ruleset: RulesetFacts
    variant: str | None
    players: int
    set_size: int
    hand_size: int
    lower_wins: bool
    double_blank: int | None
    engine_rule: EngineRule
    schedule: tuple[int | None, ...] | None
    engine_every_round: int | None = None

    @property
    def rounds(self) -> int | None:
        return None if self.schedule is None else len(self.schedule)

    def planned_engine(self, round_number: int) -> int | None:
        """The double the rules fix for round `round_number`; None where the table picks it."""
        if self.schedule is not None and round_number <= len(self.schedule):
            planned = self.schedule[round_number - 1]
            if planned is not None:
                return planned
        return self.engine_every_round

    def first_rounds(self, count: int) -> Table:
        """This table playing only its first `count` rounds (a tournament's rounds per game,
        or the round in play when time is called); an open-ended game gets `count` rounds.
        Raises ValueError past the schedule's end (`rounds_error` says so in words)."""
        if self.rounds_error(count):
            raise ValueError(f"{count} rounds for a table of {self.rounds}")
        if self.schedule is not None and count == len(self.schedule):
            return self
        planned = self.schedule if self.schedule is not None else (None,) * count
        return replace(self, schedule=tuple(planned[:count]))

    def rounds_error(self, count: object) -> str | None:
        """Why this table cannot play only its first `count` rounds (a sentence), or None."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            return _("Give the number of rounds as a whole number from 1, or leave it empty.")
        if self.rounds is not None and count > self.rounds:
            return _(
                "%(game)s has %(rounds)s rounds at a table of %(players)s; ask for "
                "%(rounds)s or fewer."
            ) % {"game": self.ruleset.name, "rounds": self.rounds, "players": self.players}
        return None

    def is_complete(self, rounds_played: int) -> bool:
        """True once every planned round is played; open-ended games never are."""
        return self.rounds is not None and rounds_played >= self.rounds

    # --- Engines ---------------------------------------------------------------

    def engines_left(
        self, used: Sequence[int | None], *, round_number: int | None = None
    ) -> tuple[int, ...]:
        """Doubles allowed to start the next round, highest first.

        `used` are the engines of the rounds already played, in order. To check a
        correction of round `round_number`, pass that number and the engines of
        every *other* round instead.
        """
        index = self._round_index(used, round_number)
        if self.is_complete(index):
            return ()
        if self.engine_rule is EngineRule.FIXED:
            planned = self.planned_engine(index + 1)
            return () if planned is None else (planned,)
        if self.engine_rule is EngineRule.NONE:
            return ()
        taken = set(used)
        return tuple(d for d in range(self.set_size, -1, -1) if d not in taken)

    def engine_error(
        self, engine: int | None, used: Sequence[int | None], *, round_number: int | None = None
    ) -> str | None:
        """Why `engine` can't start the next round (a sentence), or None if it can."""
        index = self._round_index(used, round_number)
        word = self.ruleset.engine_word
        if self.is_complete(index):
            return _(
                "All %(rounds)s rounds of this game have been played; "
                "end the game instead of adding another."
            ) % {"rounds": self.rounds}
        allowed = self.engines_left(used, round_number=round_number)
        if self.engine_rule is EngineRule.NONE:
            if engine is None:
                return None
            return _(
                "%(game)s doesn't record a %(engine)s for each round; leave the engine empty."
            ) % {"game": self.ruleset.name, "engine": word}
        if engine is None:
            if self.engine_rule is EngineRule.FIXED:
                return _("Round %(round)s starts from the %(double)s; record it.") % {
                    "round": index + 1,
                    "double": double_name(allowed[0]),
                }
            return _("Record the %(engine)s this round started from: one of %(doubles)s.") % {
                "engine": word,
                "doubles": _list_doubles(allowed),
            }
        if isinstance(engine, bool) or not isinstance(engine, int):
            return _("Record the engine as the number on the double, such as 12 for the 12|12.")
        if not 0 <= engine <= self.set_size:
            return _(
                "A double-%(size)s set has no %(double)s; choose a double from 0|0 to %(top)s."
            ) % {
                "size": self.set_size,
                "double": double_name(engine),
                "top": double_name(self.set_size),
            }
        if engine in allowed:
            return None
        if self.engine_rule is EngineRule.FIXED:
            return _("Round %(round)s starts from the %(double)s, not the %(other)s.") % {
                "round": index + 1,
                "double": double_name(allowed[0]),
                "other": double_name(engine),
            }
        if not allowed:
            return _("Every double has already started a round; end the game.")
        words = {"double": double_name(engine), "engine": word, "doubles": _list_doubles(allowed)}
        if round_number is None:
            return (
                _(
                    "The %(double)s was already the %(engine)s of an earlier round; "
                    "choose one of %(doubles)s."
                )
                % words
            )
        return (
            _(
                "The %(double)s was already the %(engine)s of another round; "
                "choose one of %(doubles)s."
            )
            % words
        )

    def _round_index(self, used: Sequence[int | None], round_number: int | None) -> int:
        if round_number is None:
            return len(used)
        if round_number < 1:
            raise ValueError("Rounds are numbered from 1.")
        return round_number - 1

    # --- Scores ----------------------------------------------------------------

    @property
    def score_bounds(self) -> tuple[int, int]:
        """Lowest and highest possible round score, both inclusive."""
        if self.lower_wins:
            return (0, pips_in_set(self.set_size, double_blank=self.double_blank or 0))
        return (0, self._most_points())

    def _most_points(self) -> int:
        """A ceiling no Number 9 round can pass, built from the set.

        One player playing every domino that can leave a hand, starting a train
        from the hub with every tile that matches the starting double, taking
        the double bonus and the largest whole-hand bonus, and capturing every
        other domino. Real rounds stay far below it; it catches typos.
        """
        playable = tiles_in_set(self.set_size) - (1 if self.engine_every_round is not None else 0)
        hub_trains = self.set_size  # tiles that match the double on the hub
        if self.engine_every_round is None:
            bonus = STARTING_DOUBLE_BONUS + GRAND_SLAM_BONUS
        else:
            bonus = SWEEP_BONUS
        captured = playable - 1
        return POINTS_PER_DOMINO * playable + HUB_TRAIN_BONUS * hub_trains + bonus + captured

    def score_error(self, value: int) -> str | None:
        """Why `value` can't be one player's score for a round, or None if it can."""
        if isinstance(value, bool) or not isinstance(value, int):
            return _("Enter the score as a whole number.")
        low, high = self.score_bounds
        if value < low:
            if self.lower_wins:
                return _(
                    "Scores can't be negative; enter the pips left in the hand "
                    "(0 for the player who went out)."
                )
            return _("Points can't be negative; enter what the player earned this round.")
        if value > high:
            words = {"high": high, "size": self.set_size, "blank": self.double_blank}
            if self.lower_wins and self.double_blank:
                return (
                    _(
                        "A hand can't hold more than %(high)s pips in a double-%(size)s set "
                        "with the 0|0 counting %(blank)s; check the count."
                    )
                    % words
                )
            if self.lower_wins:
                return (
                    _(
                        "A hand can't hold more than %(high)s pips in a double-%(size)s set; "
                        "check the count."
                    )
                    % words
                )
            return _(
                "Nobody can earn more than %(high)s points in one round of %(game)s; "
                "check the total."
            ) % {"high": high, "game": self.ruleset.name}
        return None

    def pip_count(self, tiles: Iterable[Tile]) -> int:
        """Pips in a hand, refusing tiles not in this set or counted twice."""
        if self.double_blank is None:
            raise InvalidTiles(
                _("%(game)s scores points for plays, not pips left in a hand.")
                % {"game": self.ruleset.name}
            )
        seen: set[Tile] = set()
        hand = []
        for a, b in tiles:
            tile = (min(a, b), max(a, b))
            if tile[0] < 0 or tile[1] > self.set_size:
                raise InvalidTiles(
                    _("A double-%(size)s set has no %(tile)s; check the tiles picked.")
                    % {"size": self.set_size, "tile": tile_name((a, b))}
                )
            if tile in seen:
                raise InvalidTiles(
                    _("The %(tile)s is counted twice, but a set holds only one.")
                    % {"tile": tile_name(tile)}
                )
            seen.add(tile)
            hand.append(tile)
        return pip_count(hand, double_blank=self.double_blank)

    def as_dict(self) -> dict[str, Any]:
        """The table as JSON-able data, for the pip counter in the browser."""
        return {
            "ruleset": self.ruleset.slug,
            "variant": self.variant,
            "players": self.players,
            "set_size": self.set_size,
            "hand_size": self.hand_size,
            "double_blank": self.double_blank,
            "lower_wins": self.lower_wins,
            "score_bounds": list(self.score_bounds),
            "rounds": self.rounds,
            "schedule": None if self.schedule is None else list(self.schedule),
            "engine_rule": str(self.engine_rule),
        }
