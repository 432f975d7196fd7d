"""A stage seated, followed from the view staff press, is a short walk: the view hands the
seats to tournaments/stages.py, which reads the tournament, enters the seating engine
(tournaments/seating/) once by its one way in, and writes the stage; the walk passes through
at most 12 rooms and comes back to one it had left at most 12 times.

How it counts. The confirm press (`POST /tournaments/<code>/next/`, step "confirm", the
seats shown by the draw) runs through Django's test client with `sys.setprofile` on. From
the call of the view (`tournaments.views.next_stage`) until it returns, every call of a
Python function of the project's apps is noted by the room it belongs to:

- each of tournaments' own modules is a room; the seating engine is one room (its modules
  are private behind tournaments/seating/__init__.py, pyproject.toml's contract
  `seating-private`);
- another app is one room, and whatever it calls before it returns belongs to it: what
  nights/ does to start the stage's night, or games/ to read a board, is that app's own
  walk, behind the function tournaments called (a newcomer opens the function, not its
  insides); the same holds for what the engine calls;
- each function counts at its first call only: a reader reads a function once, however
  many tables it is called for; a comprehension's or lambda's frame is part of the
  function it is written in (Python 3.11 gives it a frame of its own), and code no file
  holds (a dataclass's `__init__`) is nobody's step;
- consecutive calls in one room make one step. "Rooms" counts the distinct rooms met;
  "goes back" counts the steps entering a room met before.

On commit 7810f25, before the engine had its room, the same count gave 15–17 rooms and 20–23
steps back; counting the flat modules that seated people there as one room, 9 rooms and 9
steps back, that room entered twice. Now: 11–12 rooms, 11–12 steps back, the engine entered
once. The failure message also prints the walk module by module, every app's modules each
on its own.

Each seating below is tried (rotation keeping groups apart, re-planned after a withdrawal
or from seats staff changed; progressive tables keeping groups apart; heats) and each must
stay within the bounds.
"""

import random
import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.factories import numbered
from tests.tournaments.kit import play_stage
from tournaments.entrants import withdraw
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament

MOST_ROOMS = 12
MOST_GOING_BACK = 12

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
APPS = frozenset(tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["root_packages"])
ENGINE = "tournaments.seating"
WRITTEN_INSIDE = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", "<lambda>"}


def room_of(module: str) -> str:
    """A module of tournaments, the engine, or another app."""
    app = module.partition(".")[0]
    if app != "tournaments":
        return app
    return ENGINE if module.startswith(f"{ENGINE}.") or module == ENGINE else module


def first_calls(press) -> tuple[list[str], list[str]]:
    """The room and the module of each project function the view calls while `press()`
    runs, at its first call, in order."""
    from tournaments import views

    view = views.next_stage
    while hasattr(view, "__wrapped__"):  # staff_only, require_POST
        view = view.__wrapped__
    rooms: list[str] = []
    modules: list[str] = []
    seen: set = set()
    room_of_frame: dict = {}  # a frame's room, while it runs
    inside = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is view.__code__:
            inside.append(frame)
        if not inside:
            return
        if event == "return":
            room_of_frame.pop(id(frame), None)
            if frame is inside[-1]:
                inside.pop()
            return
        if event != "call":
            return
        caller = room_of_frame.get(id(frame.f_back))
        module = frame.f_globals.get("__name__", "")
        # Code written in the apps' files: not a dataclass's `__init__`, which dataclasses
        # writes (its file is "<string>") and nobody reads.
        ours = module.partition(".")[0] in APPS and frame.f_code.co_filename.endswith(".py")
        if caller is not None and (caller == ENGINE or not caller.startswith("tournaments")):
            room = caller  # inside another app's walk, or the engine's
        elif ours:
            room = room_of(module)
        else:
            room = caller  # Django's or Python's code, on behalf of its caller
        room_of_frame[id(frame)] = room
        if ours and frame.f_code not in seen and frame.f_code.co_name not in WRITTEN_INSIDE:
            seen.add(frame.f_code)
            rooms.append(room)
            modules.append(module)

    sys.setprofile(profile)
    try:
        press()
    finally:
        sys.setprofile(None)
    return rooms, modules


def steps(path: list[str]) -> list[str]:
    """Consecutive calls in one room as one step."""
    return [m for n, m in enumerate(path) if n == 0 or path[n - 1] != m]


def going_back(path: list[str]) -> int:
    return sum(1 for n, room in enumerate(path) if room in path[:n])


def start(format: str, players, **settings):
    return create_tournament(
        settings=Settings(
            name="Club day", ruleset="mexican-train", format=format, rounds=1, **settings
        ),
        entrants=[(p, None) for p in players],
        rng=random.Random(7),
    )


def rotation_kept_apart_after_a_withdrawal(players):
    """Rotation keeping two groups apart and one entrant at table 2; a withdrawal after
    game 1 has the games left planned again."""
    new = start(
        "rotation",
        players,
        games=3,
        table_size=(3, 4),
        apart=(("P1", "P2", "P3"), ("P4", "P5")),
        fixed=(("P6", 2),),
    )
    play_stage(new.stage, {p.name: [n % 5] for n, p in enumerate(players)})
    withdraw(tournament=new.tournament, player=players[-1])
    return new.tournament


def progressive_kept_apart(players):
    new = start(
        "progressive",
        players,
        games=3,
        table_size=(4, 4),
        apart=(("P1", "P2", "P3"), ("P4", "P5")),
        fixed=(("P6", 2),),
    )
    play_stage(new.stage, {p.name: [n] for n, p in enumerate(players)})
    return new.tournament


def heats(players):
    new = start("heats-final", players, table_size=(3, 4))
    play_stage(new.stage, {p.name: [n % 7] for n, p in enumerate(players)})
    return new.tournament


def swapped(hidden: dict[str, str]) -> dict[str, str]:
    """The seats shown with the first players of tables 1 and 2 trading places: seats
    the draw did not give, so the games after them are planned again."""
    one, two = hidden["table-1"].split(","), hidden["table-2"].split(",")
    one[0], two[0] = two[0], one[0]
    return {**hidden, "table-1": ",".join(one), "table-2": ",".join(two)}


SEATINGS = {
    "rotation kept apart, re-planned after a withdrawal": (
        rotation_kept_apart_after_a_withdrawal,
        dict,
    ),
    "rotation kept apart, seats changed from the draw": (
        rotation_kept_apart_after_a_withdrawal,
        swapped,
    ),
    "progressive kept apart": (progressive_kept_apart, dict),
    "heats": (heats, dict),
}


@pytest.mark.parametrize("seating", SEATINGS)
def test_a_stage_seated_from_the_view_stays_in_few_rooms(db, admin_client, seating):
    make, confirmed = SEATINGS[seating]
    tournament = make(numbered(12))
    path = f"/tournaments/{tournament.code}/next/"
    shown = admin_client.post(path, {"step": "draw"}).content.decode()
    hidden = confirmed(dict(re.findall(r'name="(table-\d+)" value="([\d,]*)"', shown)))
    answers = []

    called, modules = first_calls(
        lambda: answers.append(admin_client.post(path, {"step": "confirm", **hidden}))
    )

    assert answers[0].status_code == 302
    assert tournament.stages.count() == 2
    walk, everything = steps(called), steps(modules)
    rooms, back = len(set(walk)), going_back(walk)
    assert walk.count(ENGINE) == 1, walk  # the engine entered once, by its way in
    assert rooms <= MOST_ROOMS and back <= MOST_GOING_BACK, (
        f"{seating}: {rooms} rooms, {back} steps back into one already left "
        f"({len(walk)} steps):\n  " + "\n  ".join(walk) + "\n"
        f"Module by module: {len(set(everything))}, {going_back(everything)} steps back "
        f"({len(everything)} steps):\n  " + "\n  ".join(everything)
    )
