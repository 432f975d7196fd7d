"""The events the result-picture tests draw, each with long, accented and non-Latin names:
a finished game, a finished night, a rotation and a heats-final tournament, played through
the app's own services (tests/factories.py)."""

from games.snapshot import load_board
from nights.snapshot import load_night
from pictures.events import game_result, night_result, tournament_result
from tests.factories import finish, night_of, play, register, stage_games, tournament_of
from tests.tournaments.kit import play_stage
from tournaments.selectors import load_tournament
from tournaments.stages import seat_next_stage

NAMES = ("María-José", "Przemysław", "Ngozi Adeyemi-Okafor", "Ólafur")
MORE = ("Дмитрий Соколов", "Σοφία Παππά", "Siobhán Ní Bhriain", "Zoë Fenwick-Brontë")
"""Cyrillic, Greek and Irish names beside them: what a club's roster may hold."""

# Three rounds at each table, lowest total wins.
SCORES = {
    NAMES[0]: [0, 5, 5],
    NAMES[1]: [10, 0, 10],
    NAMES[2]: [20, 20, 0],
    NAMES[3]: [30, 30, 30],
    MORE[0]: [0, 0, 5],
    MORE[1]: [10, 10, 10],
    MORE[2]: [25, 0, 25],
    MORE[3]: [40, 40, 40],
}


def finished_game():
    """A finished game of the four names: María-José wins with 10 after three rounds."""
    players = register(*NAMES)
    return play("mexican-train", players, list(zip(*(SCORES[n] for n in NAMES), strict=True)))


def finished_night():
    night = night_of(register(*NAMES), register(*MORE)).night
    for table in night.tables.select_related("game"):
        names = [s.player.name for s in table.game.seats.select_related("player")]
        finish(table.game, *zip(*(SCORES[n] for n in names), strict=True))
    return night


def finished_rotation():
    new = tournament_of(NAMES, MORE, format="rotation", table_size=(4, 4), games=2, rounds=3)
    play_stage(new.stage, SCORES)
    play_stage(seat_next_stage(tournament=new.tournament).stage, SCORES)
    return new.tournament


def finished_heats_final():
    new = tournament_of(NAMES, MORE, format="heats-final", table_size=(4, 4), rounds=3, advance=2)
    play_stage(new.stage, SCORES)
    final = seat_next_stage(tournament=new.tournament)
    play_stage(final.stage, SCORES)
    return new.tournament


EVENTS = {
    "game": finished_game,
    "night": finished_night,
    "rotation": finished_rotation,
    "heats-final": finished_heats_final,
}


def picture_path(kind: str, event) -> str:
    folder = {"game": "games", "night": "nights"}.get(kind, "tournaments")
    return f"/{folder}/{event.code}/result.png"


def result_of(kind: str, event):
    """The event's result as its picture shows it, in the language active now."""
    if kind == "game":
        return game_result(load_board(event))
    if kind == "night":
        loaded = load_night(event.code)
        return night_result(loaded.night, loaded.tables)
    return tournament_result(load_tournament(event.code))


__all__ = ["EVENTS", "MORE", "NAMES", "picture_path", "result_of", "stage_games"]
