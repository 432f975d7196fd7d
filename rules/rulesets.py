"""The four rulesets as plain data, and the table one set-up of a game gives.

Pure Python: `games/` asks this module every ruleset fact (set, hands, rounds,
engines, winner, score bounds) and hard-codes none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.table import EngineRule, Table, tiles_in_set
from rules.words import _, either, gettext_noop

__all__ = [
    "ALL",
    "Deal",
    "EngineRule",
    "InvalidSetup",
    "Ruleset",
    "Table",
    "UnknownRuleset",
    "Variant",
    "get",
    "sentence_start",
    "span_words",
]


class UnknownRuleset(LookupError):
    """No ruleset has that slug."""


class InvalidSetup(ValueError):
    """A variant, player count or set that the ruleset doesn't allow."""


@dataclass(frozen=True)
class Variant:
    """One way to play a ruleset; its words are kept in English and read translated."""

    slug: str
    english_name: str
    english_description: str

    @property
    def name(self) -> str:
        return _(self.english_name)

    @property
    def description(self) -> str:
        return _(self.english_description)


@dataclass(frozen=True)
class Deal:
    """How one variant (or a ruleset without variants) is dealt and started.

    `hands` and `sets` map player-count ranges to tiles per hand and set size.
    `engines` is the fixed schedule; None means one round per double of the set
    (drawn/recorded rules) or, with `open_ended`, no planned rounds at all.
    `engine_every_round` is the double that starts every round of an open game.
    """

    players: range
    hands: tuple[tuple[range, int], ...]
    sets: tuple[tuple[range, int], ...]
    engine_rule: EngineRule
    engines: tuple[int, ...] | None = None
    open_ended: bool = False
    engine_every_round: int | None = None
    other_sets: tuple[int, ...] = ()

    def hand_size(self, players: int) -> int:
        return _by_players(self.hands, players)

    def set_size(self, players: int) -> int:
        return _by_players(self.sets, players)


def _by_players(spans: tuple[tuple[range, int], ...], players: int) -> int:
    for span, value in spans:
        if players in span:
            return value
    raise LookupError(players)


@dataclass(frozen=True)
class Ruleset:
    """A game's facts. Its words are kept in English (marked with gettext_noop) and
    `name`, `summary`, `engine_word` and `engine_words` give them in the active language
    when read."""

    slug: str
    english_name: str
    english_summary: str
    lower_wins: bool
    double_blank: int | None
    english_engine_word: str
    """What players call the double that starts a round in this game."""
    english_engine_words: str
    """The same, for more than one."""
    deals: dict[str | None, Deal] = field(hash=False, compare=False)
    variants: tuple[Variant, ...] = ()
    default_variant: str | None = None
    helpers: tuple[str, ...] = ()
    """The scorekeeper's scoring helpers this game offers: "pips" (count a hand),
    "derail" (went out by derailing), "turn" (Number 9's points for a turn)."""

    @property
    def name(self) -> str:
        return _(self.english_name)

    @property
    def summary(self) -> str:
        return _(self.english_summary)

    @property
    def engine_word(self) -> str:
        return _(self.english_engine_word)

    @property
    def engine_words(self) -> str:
        return _(self.english_engine_words)

    def check_variant(self, variant: str | None) -> str | None:
        """The variant to use: empty means the default; unknown ones are refused."""
        if not variant:
            return self.default_variant
        if variant in self.deals:
            return variant
        if not self.variants:
            raise InvalidSetup(
                _("%(game)s has no variants; leave the variant empty.") % {"game": self.name}
            )
        choices = ", ".join(v.slug for v in self.variants)
        raise InvalidSetup(
            _("%(game)s has no %(variant)s variant; choose one of %(choices)s.")
            % {"game": self.name, "variant": repr(variant), "choices": choices}
        )

    def title(self, variant: str | None) -> str:
        """The game's name, with the variant's when there is one: "OLL Train (Even)"."""
        named = self.variant_name(variant) if variant else None
        if not named:
            return self.name
        return _("%(game)s (%(variant)s)") % {"game": self.name, "variant": named}

    def variant_name(self, variant: str | None) -> str | None:
        for v in self.variants:
            if v.slug == variant:
                return v.name
        return None

    def deal(self, variant: str | None) -> Deal:
        return self.deals[self.check_variant(variant)]

    def player_range(self, variant: str | None = None) -> range:
        return self.deal(variant).players

    def table(self, variant: str | None, players: int, *, set_size: int | None = None) -> Table:
        """One concrete set-up; refuses a player count or set the game doesn't allow."""
        variant = self.check_variant(variant)
        deal = self.deals[variant]
        span = deal.players
        if players not in span:
            raise InvalidSetup(self._player_count_error(variant, players))
        hand = deal.hand_size(players)
        size = deal.set_size(players)
        if set_size is not None and set_size != size:
            size = self._other_set(deal, set_size, players, hand)
        if deal.open_ended:
            schedule = None
        elif deal.engines is not None:
            schedule = deal.engines
        else:
            schedule = (None,) * (size + 1)
        return Table(
            ruleset=self,
            variant=variant,
            players=players,
            set_size=size,
            hand_size=hand,
            lower_wins=self.lower_wins,
            double_blank=self.double_blank,
            engine_rule=deal.engine_rule,
            schedule=schedule,
            engine_every_round=deal.engine_every_round,
        )

    def game_words(self, variant: str | None) -> str:
        """How a sentence names the game: "Mexican Train", or "the tournament game of
        Number 9 Train" where the variant changes who can sit at the table."""
        variant = self.check_variant(variant)
        if not self._variant_seats_differently(variant):
            return self.name
        return _("the %(variant)s game of %(game)s") % {
            "variant": (self.variant_name(variant) or "").lower(),
            "game": self.name,
        }

    def _variant_seats_differently(self, variant: str | None) -> bool:
        span = self.deals[variant].players
        return any(other.players != span for other in self.deals.values())

    def _player_count_error(self, variant: str | None, players: int) -> str:
        words = {
            "game": sentence_start(self.game_words(variant)),
            "span": span_words(self.deals[variant].players),
            "count": players,
        }
        if self._variant_seats_differently(variant):
            fits = [v.name.lower() for v in self.variants if players in self.deals[v.slug].players]
            if fits:
                return _(
                    "%(game)s needs %(span)s players; for %(count)s, choose the %(variant)s game."
                ) % {**words, "variant": fits[0]}
        return _("%(game)s needs %(span)s players; you picked %(count)s.") % words

    def _other_set(self, deal: Deal, set_size: int, players: int, hand: int) -> int:
        allowed = sorted({size for _span, size in deal.sets} | set(deal.other_sets))
        if set_size not in allowed:
            sets = either([_("double-%(size)s") % {"size": size} for size in allowed])
            raise InvalidSetup(
                _("%(game)s is played with a %(sets)s set, not double-%(size)s.")
                % {"game": self.name, "sets": sets, "size": set_size}
            )
        if players * hand > tiles_in_set(set_size):
            raise InvalidSetup(
                _(
                    "A double-%(size)s set has only %(tiles)s tiles, too few to deal %(hand)s "
                    "to each of %(players)s players; use a bigger set."
                )
                % {
                    "size": set_size,
                    "tiles": tiles_in_set(set_size),
                    "hand": hand,
                    "players": players,
                }
            )
        return set_size


def span_words(span: range) -> str:
    """A player range in words: "2 to 8", "exactly 6"."""
    first, last = span[0], span[-1]
    if first == last:
        return _("exactly %(count)s") % {"count": first}
    return _("%(first)s to %(last)s") % {"first": first, "last": last}


def sentence_start(words: str) -> str:
    return words[:1].upper() + words[1:]


_EIGHT = range(2, 9)
_DOUBLE_12_HANDS = ((range(2, 5), 15), (range(5, 7), 12), (range(7, 9), 10))

MEXICAN_TRAIN = Ruleset(
    slug="mexican-train",
    english_name=gettext_noop("Mexican Train"),
    english_summary=gettext_noop(
        "Everyone builds a train from a station double drawn at random; "
        "13 rounds, fewest pips wins."
    ),
    lower_wins=True,
    double_blank=0,
    english_engine_word=gettext_noop("station double"),
    english_engine_words=gettext_noop("station doubles"),
    helpers=("pips",),
    deals={
        None: Deal(
            players=_EIGHT,
            hands=_DOUBLE_12_HANDS,
            sets=((_EIGHT, 12),),
            engine_rule=EngineRule.DRAWN,
        )
    },
)

OLL = Ruleset(
    slug="oll",
    english_name=gettext_noop("OLL Train"),
    english_summary=gettext_noop(
        "Personal trains plus one OLL Train open to all, engines in a fixed order; "
        "the double blank costs 50."
    ),
    lower_wins=True,
    double_blank=50,
    english_engine_word=gettext_noop("engine"),
    english_engine_words=gettext_noop("engines"),
    helpers=("pips",),
    variants=(
        Variant(
            "full",
            gettext_noop("Full game"),
            gettext_noop("Thirteen rounds, engines 12|12 down to 0|0."),
        ),
        Variant(
            "even",
            gettext_noop("Even doubles"),
            gettext_noop("Seven rounds, engines 12|12, 10|10, … 0|0."),
        ),
        Variant(
            "odd",
            gettext_noop("Odd doubles"),
            gettext_noop("Six rounds, engines 11|11, 9|9, … 1|1."),
        ),
    ),
    default_variant="full",
    deals={
        slug: Deal(
            players=_EIGHT,
            hands=_DOUBLE_12_HANDS,
            sets=((_EIGHT, 12),),
            engine_rule=EngineRule.FIXED,
            engines=tuple(range(start, -1, -step)),
        )
        for slug, start, step in (("full", 12, 1), ("even", 12, 2), ("odd", 11, 2))
    },
)

DERAILING = Ruleset(
    slug="derailing",
    english_name=gettext_noop("Derailing the Train"),
    english_summary=gettext_noop(
        "Doubles derail any train; one round per double, started from the highest "
        "unused one in hand. Fewest pips wins."
    ),
    lower_wins=True,
    double_blank=0,
    english_engine_word=gettext_noop("platform"),
    english_engine_words=gettext_noop("platforms"),
    helpers=("pips", "derail"),
    deals={
        None: Deal(
            players=_EIGHT,
            hands=((_EIGHT, 10),),
            sets=((range(2, 5), 9), (range(5, 9), 12)),
            engine_rule=EngineRule.RECORDED,
            other_sets=(6,),
        )
    },
)

NUMBER_9 = Ruleset(
    slug="number-9",
    english_name=gettext_noop("Number 9 Train"),
    english_summary=gettext_noop(
        "A double-9 game scored by points for plays, bonuses for sweeps and grand "
        "slams; the highest total wins."
    ),
    lower_wins=False,
    double_blank=None,
    english_engine_word=gettext_noop("starting double"),
    english_engine_words=gettext_noop("starting doubles"),
    helpers=("turn",),
    variants=(
        Variant(
            "standard",
            gettext_noop("Standard"),
            gettext_noop(
                "Two to five players, 11 tiles each; the highest double held starts each round."
            ),
        ),
        Variant(
            "tournament",
            gettext_noop("Tournament"),
            gettext_noop("Six players, 9 tiles each; the 9|9 sits on the hub for every round."),
        ),
    ),
    default_variant="standard",
    deals={
        "standard": Deal(
            players=range(2, 6),
            hands=((range(2, 6), 11),),
            sets=((range(2, 6), 9),),
            engine_rule=EngineRule.NONE,
            open_ended=True,
        ),
        "tournament": Deal(
            players=range(6, 7),
            hands=((range(6, 7), 9),),
            sets=((range(6, 7), 9),),
            engine_rule=EngineRule.FIXED,
            open_ended=True,
            engine_every_round=9,
        ),
    },
)

ALL: tuple[Ruleset, ...] = (MEXICAN_TRAIN, OLL, DERAILING, NUMBER_9)
_BY_SLUG = {ruleset.slug: ruleset for ruleset in ALL}


def get(slug: str) -> Ruleset:
    """The ruleset with this slug, or UnknownRuleset naming the ones there are."""
    try:
        return _BY_SLUG[slug]
    except (KeyError, TypeError):
        known = ", ".join(_BY_SLUG)
        raise UnknownRuleset(
            _("There is no ruleset called %(slug)s; choose one of %(known)s.")
            % {"slug": repr(slug), "known": known}
        ) from None
