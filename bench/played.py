"""A rotation tournament played in this process on a throwaway SQLite database, for the
benches that time one of its reads (bench/seating.py, bench/overview.py): Django set up
on a fresh folder, the entrants registered, and stages played round by round through
the services a keeper's save and the end of a game go through."""

import os
import random
import tempfile


def django_on_scratch_sqlite() -> None:
    """Set Django up on a fresh SQLite database in a temporary folder, migrated."""
    os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix="trainscore-bench-")
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def play_stage(stage, rounds: int) -> None:
    """Save `rounds` rounds at every table of `stage`, then end each game."""
    from games.scorekeeping import Actor, end_game, record_round
    from games.snapshot import load_board

    keeper = Actor(by="bench")
    for table in stage.night.tables.select_related("game"):
        game = table.game
        for round_number in range(1, rounds + 1):
            board = load_board(game)
            seats = [s.player.id for s in board.standings]
            game = record_round(
                game=game, number=round_number,
                scores={str(pid): (pid * round_number) % 50 for pid in seats},
                engine=board.table.engines_left(board.engines_used)[0],
                version=game.version, actor=keeper,
            ).game  # fmt: skip
        end_game(game=game, actor=keeper)


def rotation(entrants: int, sizes: range, *, games: int, rounds: int, bands=()):
    """A rotation of `games` games for `entrants` new players at tables of `sizes`, its
    first stage seated (`NewStage`); with `bands`, the entrants take them in turn."""
    from players.models import Player
    from tournaments.settings_check import Settings
    from tournaments.stages import create_tournament

    players = [Player.objects.create(name=f"Entrant {n}") for n in range(1, entrants + 1)]
    settings = Settings(
        name="Bench open", ruleset="mexican-train", format="rotation",
        table_size=(sizes[0], sizes[-1]), games=games, rounds=rounds,
    )  # fmt: skip
    return create_tournament(
        settings=settings,
        entrants=[(p, bands[i % len(bands)] if bands else None) for i, p in enumerate(players)],
        bands=list(bands) or None, rng=random.Random(1),
    )  # fmt: skip


def play_games(new, played: int, rounds: int, *, seat_after: bool = True):
    """Play the first `played` games of the tournament `new` began, each stage seated
    once the one before ended (and the next after the last, unless `seat_after` is
    False); return the stage seated last."""
    from tournaments.stages import seat_next_stage

    stage = new.stage
    for number in range(1, played + 1):
        play_stage(stage, rounds)
        if number < played or seat_after:
            stage = seat_next_stage(tournament=new.tournament, rng=random.Random(number + 1))
            stage = stage.stage
    return stage
