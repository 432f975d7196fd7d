"""The club's record: games, wins and averages, read with database aggregates.

The counting rules (the roster page states them as well):
- only finished games count, and a game ended before any round was saved does not
  (`Game.objects.counted()`);
- `Seat.won`, set when a game ends, says who won: the ruleset decides whether the
  low or the high total wins, and every co-winner of a tie gets the win.

Every function here runs a fixed number of queries, however many games there are.
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from itertools import groupby

from django.db.models import (
    Avg,
    Count,
    Exists,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    Window,
)
from django.db.models.expressions import RowRange
from django.db.models.functions import Cast, Coalesce, NullIf, RowNumber
from django.utils.formats import number_format

from core.collation import by_name
from games.models import Game, Round, Score, Seat
from players.models import Player
from ratings.models import latest_shown
from rules import rulesets

LOWER_WINS = [r.slug for r in rulesets.ALL if r.lower_wins]


def average(wins: int, games: int) -> str | None:
    """Wins per game to three places, as the club has always written it: 0.571, with the
    active language's decimal mark (Spanish and French 0,571)."""
    if not games:
        return None
    share = (Decimal(wins) / Decimal(games)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return number_format(share, 3)


@dataclass(frozen=True)
class Record:
    games: int = 0
    wins: int = 0

    @property
    def average(self) -> str | None:
        return average(self.wins, self.games)

    @property
    def losses(self) -> int:
        return self.games - self.wins


# --- The roster ----------------------------------------------------------------

# Players level on a sort's numbers stand by name, in the reader's language
# (core/collation.py, applied in `roster`): the database's collation would put "Ólafur"
# after "Zoë".
SORTS = {
    "name": [],
    "-name": [],
    "games": [F("played").asc(), F("wins").asc()],
    "-games": [F("played").desc(), F("wins").desc()],
    "wins": [F("wins").asc(), F("played").desc()],
    "-wins": [F("wins").desc(), F("played").desc()],
    "avg": [F("win_rate").asc(nulls_last=True), F("played").desc()],
    "-avg": [F("win_rate").desc(nulls_last=True), F("played").desc()],
    "rating": [F("rating").asc(nulls_last=True), F("played").desc()],
    "-rating": [F("rating").desc(nulls_last=True), F("played").desc()],
}
DEFAULT_SORT = "-wins"


@dataclass(frozen=True)
class RosterRow:
    player: Player
    record: Record
    rating: float | None
    """The rating after the player's last counted game (see ratings/)."""


def roster(players: QuerySet[Player], games: QuerySet[Game], *, sort: str) -> list[RosterRow]:
    """Each player with their games, wins and latest rating among `games`, in one query."""
    counted = Q(seats__game__in=games.values("pk"))
    order = SORTS.get(sort, SORTS[DEFAULT_SORT])
    rows = (
        players.annotate(
            played=Count("seats", filter=counted),
            wins=Count("seats", filter=counted & Q(seats__won=True)),
        )
        .annotate(
            win_rate=Cast("wins", FloatField()) / NullIf(Cast("played", FloatField()), 0.0),
            rating=latest_shown(OuterRef("pk"), games),
        )
        .order_by(*order)
    )
    found = [
        RosterRow(player=p, record=Record(games=p.played, wins=p.wins), rating=p.rating)
        for p in rows
    ]
    if sort == "-name":
        return by_name(found, name=_name)[::-1]
    # The database orders by the numbers; each run of rows level on them, by name.
    level = [order_by.expression.name for order_by in order]
    tied = groupby(found, key=lambda row: tuple(getattr(row.player, f) for f in level))
    return [row for _, run in tied for row in by_name(run, name=_name)]


def _name(row: RosterRow) -> str:
    return row.player.name


# --- One player ----------------------------------------------------------------


def _total(game, player) -> Coalesce:
    """A player's total in a game, as a subquery (0 when they scored nothing)."""
    points = (
        Score.objects.filter(round__game=game, player=player)
        .order_by()
        .values("player")
        .annotate(total=Sum("points"))
        .values("total")
    )
    return Coalesce(Subquery(points, output_field=IntegerField()), Value(0))


@dataclass(frozen=True)
class GameResult:
    seat: Seat
    total: int

    @property
    def game(self) -> Game:
        return self.seat.game

    @property
    def others(self) -> list[Player]:
        """Everyone else at the table, in seat order (needs game__seats prefetched)."""
        return [s.player for s in self.game.seats.all() if s.player_id != self.seat.player_id]


@dataclass(frozen=True)
class RulesetRecord:
    ruleset: rulesets.Ruleset
    record: Record
    rounds: int
    average_round: float | None
    gone_out: int | None
    """Rounds the player went out in (0 pips); None where the high total wins."""
    best: GameResult | None = None
    worst: GameResult | None = None
    streak: int = 0
    """The most games of this ruleset the player won in a row."""


def by_ruleset(player: Player, games: QuerySet[Game]) -> list[RulesetRecord]:
    """Per ruleset: the record, average round, rounds gone out, best and worst game, streak."""
    counted = games.values("pk")
    seats = Seat.objects.filter(player=player, game__in=counted)
    records = {
        row["game__ruleset"]: Record(games=row["played"], wins=row["wins"])
        for row in seats.order_by()
        .values("game__ruleset")
        .annotate(played=Count("pk"), wins=Count("pk", filter=Q(won=True)))
    }
    rounds = {
        row["round__game__ruleset"]: row
        for row in Score.objects.filter(player=player, round__game__in=counted)
        .order_by()
        .values("round__game__ruleset")
        .annotate(rounds=Count("pk"), average=Avg("points"), out=Count("pk", filter=Q(points=0)))
    }
    extremes = _extremes(seats)
    streaks = _streaks(seats)
    result = []
    for ruleset in rulesets.ALL:
        if ruleset.slug not in records:
            continue
        low, high = extremes.get(ruleset.slug, (None, None))
        best, worst = (low, high) if ruleset.lower_wins else (high, low)
        played = rounds.get(ruleset.slug, {})
        result.append(
            RulesetRecord(
                ruleset=ruleset,
                record=records[ruleset.slug],
                rounds=played.get("rounds", 0),
                average_round=played.get("average"),
                gone_out=played.get("out", 0) if ruleset.lower_wins else None,
                best=best,
                worst=worst,
                streak=streaks.get(ruleset.slug, 0),
            )
        )
    return result


def _extremes(seats: QuerySet[Seat]) -> dict[str, tuple[GameResult, GameResult]]:
    """Per ruleset, the player's lowest-total and highest-total game (latest on a tie)."""
    by = [F("game__ruleset")]
    ranked = (
        seats.select_related("game")
        .annotate(total=_total(OuterRef("game"), OuterRef("player")))
        .annotate(
            low=Window(RowNumber(), partition_by=by, order_by=[F("total").asc(), _latest()]),
            high=Window(RowNumber(), partition_by=by, order_by=[F("total").desc(), _latest()]),
        )
        .filter(Q(low=1) | Q(high=1))
    )
    found: dict[str, dict[str, GameResult]] = {}
    for seat in ranked:
        ends = found.setdefault(seat.game.ruleset, {})
        result = GameResult(seat=seat, total=seat.total)
        if seat.low == 1:
            ends["low"] = result
        if seat.high == 1:
            ends["high"] = result
    return {slug: (ends["low"], ends["high"]) for slug, ends in found.items()}


def _streaks(seats: QuerySet[Seat]) -> dict[str, int]:
    """Per ruleset, the most games in a row the player won, games in the order played."""
    longest: dict[str, int] = {}
    running: dict[str, int] = {}
    rows = seats.order_by("game__created", "game_id").values_list("game__ruleset", "won")
    for slug, won in rows:
        running[slug] = running.get(slug, 0) + 1 if won else 0
        longest[slug] = max(longest.get(slug, 0), running[slug])
    return longest


def _latest():
    return F("game__created").desc()


def summary(rows: list[RulesetRecord]) -> Record:
    """The whole record from the per-ruleset rows (at most one per ruleset)."""
    return Record(games=sum(r.record.games for r in rows), wins=sum(r.record.wins for r in rows))


@dataclass(frozen=True)
class Rival:
    player_id: int
    name: str
    games: int
    ahead: int
    """Games the player finished ahead of this opponent (by the ruleset's direction)."""
    behind: int
    wins: int
    """The player's wins in these games."""
    their_wins: int


def head_to_head(player: Player, games: QuerySet[Game]) -> list[Rival]:
    """Every opponent the player shared a counted game with, most games together first."""
    shared = Seat.objects.filter(player=player, game__in=games.values("pk")).values("game")
    mine = _total(OuterRef("game"), player.pk)
    theirs = _total(OuterRef("game"), OuterRef("player"))
    lower = Q(game__ruleset__in=LOWER_WINS)
    ahead = (lower & Q(mine__lt=F("theirs"))) | (~lower & Q(mine__gt=F("theirs")))
    behind = (lower & Q(mine__gt=F("theirs"))) | (~lower & Q(mine__lt=F("theirs")))
    i_won = Exists(Seat.objects.filter(game=OuterRef("game"), player=player, won=True))
    rows = (
        Seat.objects.filter(game__in=shared)
        .exclude(player=player)
        .alias(mine=mine, theirs=theirs, i_won=i_won)
        .order_by()
        .values("player_id", "player__name")
        .annotate(
            together=Count("pk"),
            ahead=Count("pk", filter=ahead),
            behind=Count("pk", filter=behind),
            wins=Count("pk", filter=Q(i_won=True)),
            their_wins=Count("pk", filter=Q(won=True)),
        )
        .order_by("-together")
    )
    rivals = [
        Rival(
            player_id=row["player_id"],
            name=row["player__name"],
            games=row["together"],
            ahead=row["ahead"],
            behind=row["behind"],
            wins=row["wins"],
            their_wins=row["their_wins"],
        )
        for row in rows
    ]
    # Opponents with as many games together stand by name, in the reader's language.
    tied = groupby(rivals, key=lambda rival: rival.games)
    return [rival for _, run in tied for rival in by_name(run, name=lambda rival: rival.name)]


RECENT = 10


def recent_games(player: Player, *, limit: int = RECENT) -> list[GameResult]:
    """The player's latest games of any kind, live ones too, with everyone seated."""
    seats = (
        Seat.objects.filter(player=player)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("player")))
        .annotate(
            total=_total(OuterRef("game"), OuterRef("player")),
            has_rounds=Exists(Round.objects.filter(game=OuterRef("game"))),
        )
        .order_by("-game__created", "-game_id")[:limit]
    )
    return [GameResult(seat=seat, total=seat.total) for seat in seats]


@dataclass(frozen=True)
class NightResult:
    """A night the player played: their table (seat.game) and their place at it."""

    seat: Seat
    total: int
    place: int | None
    """None before their table saved a round."""

    @property
    def game(self) -> Game:
        return self.seat.game

    @property
    def night(self):
        return self.seat.game.night_table.night


def nights_played(player: Player, games: QuerySet[Game]) -> list[NightResult]:
    """The nights among `games` the player sat at a table of, newest first (two queries)."""
    seats = list(
        Seat.objects.filter(player=player, game__in=games, game__night_table__isnull=False)
        .select_related("game__night_table__night")
        .order_by("-game__night_table__night__date", "-game__night_table__night__created")
    )
    totals: dict[int, dict[int, int]] = {}
    rows = (
        Score.objects.filter(round__game__in=[seat.game_id for seat in seats])
        .values("round__game", "player")
        .annotate(total=Sum("points"))
        .order_by()
    )
    for row in rows:
        totals.setdefault(row["round__game"], {})[row["player"]] = row["total"]
    results = []
    for seat in seats:
        table = totals.get(seat.game_id, {})
        total = table.get(player.pk, 0)
        place = None
        if table:
            lower = seat.game.rules.lower_wins
            place = 1 + sum(1 for t in table.values() if (t < total if lower else t > total))
        results.append(NightResult(seat=seat, total=total, place=place))
    return results


@dataclass(frozen=True)
class FormPoint:
    when: datetime
    number: int
    wins: int
    won: bool

    @property
    def average(self) -> float:
        return self.wins / self.number


def form(player: Player, games: QuerySet[Game]) -> list[FormPoint]:
    """The running win average after each counted game, oldest first."""
    order = [F("game__created").asc(), F("game_id").asc()]
    so_far = RowRange(start=None, end=0)
    rows = (
        Seat.objects.filter(player=player, game__in=games.values("pk"))
        .annotate(
            number=Window(RowNumber(), order_by=order),
            wins_so_far=Window(Sum(Cast("won", IntegerField())), order_by=order, frame=so_far),
        )
        .order_by(*order)
        .values_list("game__created", "number", "wins_so_far", "won")
    )
    return [FormPoint(when=w, number=n, wins=s, won=won) for w, n, s, won in rows]
