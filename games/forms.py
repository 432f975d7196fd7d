"""The forms a person fills in for games: starting one, and entering a round."""

import random
import re
from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.collation import by_name
from core.dates import DateInput
from games.outcome import names_list
from games.snapshot import Board
from players.models import Player
from rules import rulesets
from rules.table import EngineRule, double_name

WHOLE_NUMBER = re.compile(r"-?[0-9]{1,15}")


def whole_number(text: str) -> int | None:
    """Typed or posted text as a whole number ("12", "-3"), else None: never "²" or "１２",
    and never thousands of digits (no round, seat or version is that long, and Python
    refuses to read them).
    """
    text = text.strip()
    return int(text) if WHOLE_NUMBER.fullmatch(text) else None


# --- Starting a game -----------------------------------------------------------


class PickedPlayers(forms.ModelMultipleChoiceField):
    """The players picked; an id that is not a plain number is refused before the
    database sees it (SQLite cannot even compare one beyond 64 bits)."""

    def _check_values(self, value):
        if any(whole_number(str(pk)) is None for pk in value):
            raise ValidationError(self.error_messages["invalid_pk_value"], code="invalid_pk_value")
        return super()._check_values(value)


@dataclass(frozen=True)
class GameChoice:
    """One way to play offered on the new-game page: a ruleset and one of its variants."""

    value: str
    ruleset: rulesets.Ruleset
    variant: str | None

    @property
    def name(self) -> str:
        variant = self.ruleset.variant_name(self.variant)
        if not variant:
            return self.ruleset.name
        # Translators: a game's name and the variant played ("OLL Train: Even doubles").
        return _("%(game)s: %(variant)s") % {"game": self.ruleset.name, "variant": variant}

    @property
    def hint(self) -> str:
        """Players, tiles per hand, set and winner, in the words a table would use."""
        deal = self.ruleset.deal(self.variant)
        if len(deal.hands) == 1:
            # Translators: tiles dealt to each player ("15 each").
            hands = _("%(tiles)s each") % {"tiles": deal.hands[0][1]}
        else:
            hands = ", ".join(
                ngettext(
                    # Translators: tiles dealt at a table of that many players ("15 for
                    # 2–4 players"); players is a number or a span such as "2–4".
                    "%(tiles)s for %(players)s player",
                    "%(tiles)s for %(players)s players",
                    span[-1],
                )
                % {"tiles": n, "players": _span(span)}
                for span, n in deal.hands
            )
        # Translators: the words between the two sets a game can be dealt from
        # ("double-9 or double-12 set").
        sets = get_text_list([_set_name(size) for _size, size in deal.sets], _("or"))
        parts = [
            # Translators: how many play the game; players is a number or a span ("2–8").
            ngettext("%(players)s player", "%(players)s players", deal.players[-1])
            % {"players": _span(deal.players)},
            # Translators: hands is "15 for 2–4 players, 12 for 5–6 players" or "10 each".
            _("tiles per hand: %(hands)s") % {"hands": hands},
            # Translators: sets is "double-12" or "double-9 or double-12".
            _("%(sets)s set") % {"sets": sets},
            _("lowest total wins") if self.ruleset.lower_wins else _("highest total wins"),
        ]
        return " · ".join(parts)

    def hands(self) -> list[list[int]]:
        """[[first, last, tiles], …] for the live tiles-per-hand hint in the browser."""
        deal = self.ruleset.deal(self.variant)
        return [[span[0], span[-1], n] for span, n in deal.hands]

    def players(self) -> list[int]:
        span = self.ruleset.player_range(self.variant)
        return [span[0], span[-1]]


def _span(span: range) -> str:
    return str(span[0]) if span[0] == span[-1] else f"{span[0]}–{span[-1]}"


def _set_name(size: int) -> str:
    # Translators: a domino set by its highest double, in a sentence ("double-12").
    return _("double-%(size)s") % {"size": size}


def _set_choice(size: int) -> str:
    # Translators: a domino set by its highest double, as a choice in a list ("Double-12").
    return _("Double-%(size)s") % {"size": size}


def _other_sets_help() -> str:
    # Translators: games is one or more games' names ("Derailing the Train").
    sentence = _("Only %(games)s can be played with a different set.")
    return sentence % {"games": _names_with_other_sets()}


def game_choices() -> list[GameChoice]:
    choices = []
    for ruleset in rulesets.ALL:
        if ruleset.variants:
            for variant in ruleset.variants:
                value = f"{ruleset.slug}/{variant.slug}"
                choices.append(GameChoice(value, ruleset, variant.slug))
        else:
            choices.append(GameChoice(ruleset.slug, ruleset, None))
    return choices


def _sets_played() -> list[int]:
    """Every set any ruleset is dealt from, smallest first."""
    return sorted(
        {size for r in rulesets.ALL for d in r.deals.values() for _, size in d.sets}
        | {size for r in rulesets.ALL for d in r.deals.values() for size in d.other_sets}
    )


def _names_with_other_sets() -> str:
    return names_list([r.name for r in rulesets.ALL if any(d.other_sets for d in r.deals.values())])


def date_field(*, required: str) -> forms.DateField:
    """The day a night or a tournament is played (today unless changed), picked with the
    browser's own date picker; `required`: the sentence when it is left empty."""
    return forms.DateField(
        label=gettext_lazy("Date"),
        widget=DateInput,
        initial=timezone.localdate,
        error_messages={
            "required": required,
            "invalid": gettext_lazy("Enter the date as a date, such as 2026-11-23."),
        },
    )


class PlayersAndGameForm(forms.Form):
    """Which game (ruleset and variant) and who plays: what starting a game and starting
    a night both ask. Subclasses add their own fields."""

    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        initial=rulesets.ALL[0].slug,
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose which game the table is playing.")},
    )
    players = PickedPlayers(
        queryset=Player.objects.none(),
        label=gettext_lazy("Players"),
        error_messages={
            "required": gettext_lazy("Pick the players at the table."),
            "invalid_choice": gettext_lazy(
                "One of the players picked has left the club; pick again."
            ),
            "invalid_pk_value": gettext_lazy("Pick players from the list."),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.choices = game_choices()
        self.fields["game"].choices = [(c.value, c.name) for c in self.choices]
        self.fields["players"].queryset = Player.objects.active()
        self.roster = by_name(self.fields["players"].queryset)

    def clean_game(self) -> GameChoice:
        value = self.cleaned_data["game"]
        return next(c for c in self.choices if c.value == value)

    def seat_number(self, player: Player) -> str:
        return (self.data.get(f"seat-{player.pk}") or "").strip() if self.is_bound else ""

    def player_rows(self) -> list[tuple[Player, bool, str]]:
        """Each active player with whether they are picked and their seat number typed."""
        picked = set(self.data.getlist("players")) if self.is_bound else set()
        return [(p, str(p.pk) in picked, self.seat_number(p)) for p in self.roster]


class NewGameForm(PlayersAndGameForm):
    shuffle = forms.BooleanField(
        label=gettext_lazy("Shuffle the seats"),
        required=False,
        help_text=gettext_lazy("Ignore the seat numbers above."),
    )
    set_size = forms.TypedChoiceField(
        label=gettext_lazy("Set"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", gettext_lazy("The usual set for the game and players"))]
        + [(n, lazy(_set_choice, str)(n)) for n in _sets_played()],
        help_text=lazy(_other_sets_help, str)(),
    )
    table_label = forms.CharField(
        label=gettext_lazy("Table label"),
        required=False,
        max_length=40,
        help_text=gettext_lazy("Optional, such as “Table 2”, to tell games on one night apart."),
        error_messages={
            "max_length": gettext_lazy("Keep the table label to 40 characters or fewer.")
        },
    )

    def seated(self) -> list[Player]:
        """The picked players in seat order: numbered seats first, then in list order."""
        players = list(self.cleaned_data["players"])
        if self.cleaned_data.get("shuffle"):
            random.shuffle(players)
            return players

        def seat(player: Player) -> float:
            number = whole_number(self.seat_number(player))
            return float("inf") if number is None else number

        order = {p.pk: i for i, p in enumerate(self.roster)}
        return sorted(players, key=lambda p: (seat(p), order[p.pk]))


# --- Entering a round ------------------------------------------------------------


def score_field(pid: int) -> str:
    return f"score-{pid}"


class RoundForm(forms.Form):
    """One round's scores and engine, for the next round or a correction of an earlier one."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput)
    engine = forms.IntegerField(required=False)

    def __init__(self, data=None, *, board: Board, number: int, initial=None):
        super().__init__(data, initial=initial, prefix=None)
        self.board = board
        self.round_number = number
        table = board.table
        low, high = table.score_bounds
        last = len(board.standings) - 1
        for seat, standing in enumerate(board.standings):
            player = standing.player
            left = standing.seat.left
            self.fields[score_field(player.id)] = forms.IntegerField(
                # Translators: a player's name; their seat needs no score any more.
                label=_("%(name)s (left the game)") % {"name": player.name}
                if left
                else player.name,
                required=not left,
                min_value=None,
                widget=forms.NumberInput(
                    attrs={
                        "inputmode": "numeric",
                        "min": low,
                        "max": high,
                        "autocomplete": "off",
                        "class": "score",
                        # The keypad's Enter moves to the next player (keeper.js); the
                        # last one saves.
                        "enterkeyhint": "done" if seat == last else "next",
                    }
                ),
                error_messages={
                    "required": _("Enter %(name)s's score for round %(number)s.")
                    % {"name": player.name, "number": number},
                    "invalid": _("Enter %(name)s's score as a whole number.")
                    % {"name": player.name},
                },
            )
        self.fields["engine"].error_messages["invalid"] = _(
            "Choose the double from the list, such as 12 for the 12|12."
        )
        self.engine_rule = table.engine_rule
        others = [r.engine for r in board.rounds if r.number != number]
        if number <= len(board.rounds):
            self.engines = table.engines_left(others, round_number=number)
        else:
            self.engines = table.engines_left(others)
        word = table.ruleset.engine_word
        self.fields["engine"].label = capfirst(word)
        # Translators: engine is what this game calls the double that starts a round
        # ("engine", "station double", "platform", "starting double").
        choose = _("Choose the %(engine)s") % {"engine": word}
        self.fields["engine"].widget = forms.Select(
            choices=[("", choose)] + [(d, double_name(d)) for d in self.engines]
        )

    @property
    def is_correction(self) -> bool:
        return self.round_number <= len(self.board.rounds)

    @property
    def preset_engine(self) -> int | None:
        """The engine the schedule fixes for this round, if it does."""
        if self.engine_rule is EngineRule.FIXED and self.engines:
            return self.engines[0]
        return None

    @property
    def shows_engine_choice(self) -> bool:
        return self.engine_rule in (EngineRule.DRAWN, EngineRule.RECORDED)

    @property
    def can_draw(self) -> bool:
        return self.engine_rule is EngineRule.DRAWN and bool(self.engines)

    def score_fields(self) -> list[tuple[Player, forms.BoundField]]:
        return [(s.player, self[score_field(s.player.id)]) for s in self.board.standings]

    def scores(self) -> dict[str, int]:
        """The typed scores as the service takes them: player id → points."""
        typed = {
            s.player.id: self.cleaned_data[score_field(s.player.id)] for s in self.board.standings
        }
        # A player who left the game needs no score (games.models.Seat.left).
        return {str(pid): points for pid, points in typed.items() if points is not None}

    def engine_value(self) -> int | None:
        if self.preset_engine is not None:
            return self.preset_engine
        return self.cleaned_data.get("engine")

    def add_service_errors(self, errors: dict[str, str]) -> None:
        """Put each sentence from Rejected next to the field it is about."""
        for key, sentence in errors.items():
            if key.startswith("scores.") and score_field(int(key[7:])) in self.fields:
                self.add_error(score_field(int(key[7:])), sentence)
            elif key == "engine" and self.shows_engine_choice:
                self.add_error("engine", sentence)
            else:
                self.add_error(None, sentence)


def round_initial(board: Board, number: int) -> dict:
    """A round form's starting values: what is saved for that round, if anything."""
    initial: dict = {"number": number, "version": board.game.version}
    saved = board.scores.get(number)
    if saved is not None:
        for pid, points in saved.items():
            initial[score_field(pid)] = points
        initial["engine"] = board.round_numbered(number).engine
    return initial
