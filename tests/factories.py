"""One way to make what the tests need: players, a game and its rounds, a night, a staff
member. Everything goes through the app's own services (start_game, record_round,
end_game, start_night), so the data is what the app itself would make; `bulk_games`
writes many games at once and still lets the game's own rule decide who won.
"""

import functools
import random
from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2SHA1PasswordHasher
from django.utils import timezone

from games.models import Game, Round, Score, Seat
from games.scorekeeping import Actor, end_game, record_round
from games.snapshot import load_boards
from games.starting import start_game
from nights.starting import start_night
from players.models import Player
from rules import rulesets

KEEPER = Actor(by="scorekeeper key")
STAFF_PASSWORD = "train-score-staff-pw"

# Eight names as long as the club's longest: they must fit a phone and a TV.
LONG_NAMES = (
    "Christopher",
    "Bartholomew",
    "Maximiliana",
    "Evangeline",
    "Gwendolyn",
    "Alexandra",
    "Francesca",
    "Dominique",
)

# Longer still, as clubs in Spain and France write them: a hyphenated name and a single
# word of seventeen letters among them.
LONGER_NAMES = (
    "Christopher",
    "Jean-Baptiste",
    "Bartholomew",
    "Konstantinopoulos",
    "Guillermina",
    "Hélène",
    "Maximiliana",
    "Evangeline",
)


def register(*names: str) -> list[Player]:
    """The players with these names, registered if need be."""
    return [Player.objects.get_or_create(name=name)[0] for name in names]


def numbered(count: int, prefix: str = "P") -> list[Player]:
    """`count` new players named P1, P2, … (or another prefix)."""
    return register(*(f"{prefix}{n}" for n in range(1, count + 1)))


@functools.cache
def password_hash() -> str:
    """The tests' password as a site may keep it, hashed once per run: PBKDF2 with SHA-1 at
    a thousand iterations. Every Django site accepts that kind (its second hasher) and
    hashes a right password again in its own (PBKDF2 with SHA-256, over a million
    iterations) when it signs in, as it does for any older hash.

    So a wrong guess at a server's sign-in, as the limit's tests make a dozen of, is
    checked in microseconds, not a fifth to half a second of CPU: the site makes a guess
    against its own kind of hash take as long as a right one, and this kind is not its
    own. A staff member made here costs no hash at all; signing in pays the site's one."""
    hasher = PBKDF2SHA1PasswordHasher()
    return hasher.encode(STAFF_PASSWORD, hasher.salt(), iterations=1_000)


def member(username: str, **extra):
    """A user with the tests' password: not staff unless told."""
    return get_user_model().objects.create(username=username, password=password_hash(), **extra)


def staff_member(username: str = "admin", **extra):
    """A staff user (a superuser unless told otherwise) with the tests' password."""
    extra.setdefault("is_superuser", True)
    return member(username, is_staff=True, **extra)


def make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full"):
    """Seat new players with these names in a new game; the answer has `.game` and `.key`."""
    players = [Player.objects.create(name=name) for name in names]
    return start_game(ruleset=ruleset, variant=variant, players=players)


def points(game, *values) -> dict[str, int]:
    """Scores keyed by player id in seat order, as the API and the save service take them."""
    return {str(s.player_id): v for s, v in zip(game.seats.all(), values, strict=True)}


def save_round(game, number: int, values: list[int], engine: int | None = None):
    """Save a round through the real service, as the scorekeeper's Save does; without an
    engine, the one the ruleset's schedule names for the round. Returns the game."""
    game.refresh_from_db()
    scores = points(game, *values)
    if engine is None:
        engine = game.table(len(scores)).schedule[number - 1]
    return record_round(
        game=game,
        number=number,
        scores=scores,
        engine=engine,
        version=game.version,
        actor=KEEPER,
    ).game


def end(game: Game) -> Game:
    """End Game as it stands, through the service; the game, up to date."""
    return end_game(game=game, actor=KEEPER).game


def play(
    ruleset: str,
    seated: Sequence[Player],
    rounds: Sequence[Sequence[int]],
    *,
    variant: str | None = None,
    end: bool = True,
    when: datetime | None = None,
    set_size: int | None = None,
    table_label: str = "",
) -> Game:
    """Start a game, save each round's scores (seat order) and, unless told not to, end it."""
    game = start_game(
        ruleset=ruleset,
        variant=variant,
        players=seated,
        set_size=set_size,
        table_label=table_label,
    ).game
    table = game.table(len(seated))
    used: list[int | None] = []
    for number, points in enumerate(rounds, start=1):
        left = table.engines_left(used)
        engine = left[0] if left else None
        game = record_round(
            game=game,
            number=number,
            scores={p.pk: pts for p, pts in zip(seated, points, strict=True)},
            engine=engine,
            version=game.version,
            actor=KEEPER,
        ).game
        used.append(engine)
    if end:
        game = end_game(game=game, version=game.version, actor=KEEPER).game
    if when:
        Game.objects.filter(pk=game.pk).update(created=when, finished=when if end else None)
    game.refresh_from_db()
    return game


def bulk_games(count: int, seated: Sequence[Player], *, ruleset: str = "mexican-train") -> None:
    """`count` finished three-round games written with bulk_create (fast, no checks); who
    won each is decided as End Game decides it (`Board.leaders`), from the scores."""
    rules = rulesets.get(ruleset)
    games = Game.objects.bulk_create(
        Game(ruleset=rules.slug, variant=rules.default_variant or "", set_size=12, key_hash="x")
        for _ in range(count)
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=i + 1)
        for game in games
        for i, player in enumerate(seated)
    )
    rounds = Round.objects.bulk_create(
        Round(game=game, number=n, engine=12 - n) for game in games for n in (1, 2, 3)
    )
    # Scores differ from game to game, so the wins spread over the players.
    Score.objects.bulk_create(
        Score(round=round_, player=player, points=(round_.number * 7 + i * 3 + g * 5) % 40)
        for g, game in enumerate(games)
        for round_ in rounds[g * 3 : g * 3 + 3]
        for i, player in enumerate(seated)
    )
    winners = [
        s.seat.pk
        for board in load_boards(games)
        for s in board.standings
        if s.player.id in board.leaders
    ]
    Seat.objects.filter(pk__in=winners).update(won=True)
    Game.objects.filter(pk__in=[game.pk for game in games]).update(
        status=Game.Status.FINISHED, finished=timezone.now()
    )


# --- Nights -------------------------------------------------------------------------


def make_night(players=11, ruleset="mexican-train", variant=None, **options):
    """A night for `players` new players (or the players given), seated for you unless
    `seating` says who sits where."""
    if isinstance(players, int):
        players = numbered(players)
    return start_night(
        name="Tuesday club", ruleset=ruleset, variant=variant, players=players, **options
    )


def night_of(*tables: list, **options):
    """A night whose tables seat these players, in this order."""
    players = [p for table in tables for p in table]
    return make_night(players=players, seating=tables, **options)


def night_of_sizes(*sizes: int, ruleset="mexican-train", variant=None, names=None):
    """A night of tables of these sizes; players are named `names` (cycled) or T<table>P<seat>."""
    tables = []
    for number, size in enumerate(sizes, start=1):
        if names:
            tables.append(register(*(f"{n} {number}" for n in names[:size])))
        else:
            tables.append(numbered(size, f"T{number}P"))
    return night_of(*tables, ruleset=ruleset, variant=variant)


def play_rounds(game, rounds: int, seed: int = 1) -> None:
    """Save `rounds` rounds of plausible scores on a Mexican Train or OLL game."""
    draw = random.Random(seed)
    seats = game.seats.count()
    engines = list(range(12, -1, -1))
    for number in range(1, rounds + 1):
        values = [draw.choice([0, 7, 23, 58, 99, 131, 176]) for _ in range(seats)]
        save_round(game, number, values, engine=engines[number - 1])


def finish(game, *rounds: list[int]) -> None:
    """Save these rounds (scores in seat order) on a Mexican Train table and end it."""
    for number, values in enumerate(rounds, start=1):
        save_round(game, number, values, engine=13 - number)
    game.refresh_from_db()
    end_game(game=game, version=game.version, actor=KEEPER)


# --- Tournaments --------------------------------------------------------------------


def tournament_of(*tables: list, format="rotation", ruleset="mexican-train", **settings):
    """A tournament whose first stage seats these players (lists of players, or of names
    to register), in this order; `settings` as Settings takes them, with `bands_of` (each
    name's band) and `bands` and `rng` as create_tournament takes them."""
    from tournaments.settings_check import Settings
    from tournaments.stages import create_tournament

    tables = [register(*t) if t and isinstance(t[0], str) else list(t) for t in tables]
    bands = settings.pop("bands_of", {})
    given = {key: settings.pop(key) for key in ("bands", "rng") if key in settings}
    return create_tournament(
        settings=Settings(name="Spring open", ruleset=ruleset, format=format, **settings),
        entrants=[(p, bands.get(p.name)) for table in tables for p in table],
        seating=tables,
        **given,
    )


def play_out(game: Game, *rounds: Sequence[int], end: bool = True) -> Game:
    """Save these rounds (scores in seat order) on a game of any ruleset, each from the
    first double its rules allow, and (unless told not to) end it."""
    game.refresh_from_db()
    for scores in rounds:
        board = load_boards([game])[0]
        left = board.table.engines_left(board.engines_used)
        game = record_round(
            game=game,
            number=len(board.rounds) + 1,
            scores=points(game, *scores),
            engine=left[0] if left else None,
            version=game.version,
            actor=KEEPER,
        ).game
    if end and not game.is_finished:
        game = end_game(game=game, version=game.version, actor=KEEPER).game
    return game


def stage_games(stage) -> list[Game]:
    """A tournament stage's games, table 1 first."""
    return [table.game for table in stage.night.tables.select_related("game")]


def seated_names(game: Game) -> list[str]:
    return [s.player.name for s in game.seats.select_related("player")]
