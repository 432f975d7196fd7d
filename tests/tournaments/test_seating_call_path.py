"""A stage seated, followed from the view staff press, stays in few of tournaments' rooms:
the path enters the seating engine (tournaments/seating/) once, and passes through at most
12 of tournaments' modules, coming back to one it had left at most 12 times.

How it counts. The confirm press (`POST /tournaments/<code>/next/`, step "confirm", the
seats shown by the draw) runs through Django's test client with `sys.setprofile` on. From
the call of the view (`tournaments.views.next_stage`) until it returns, every call of a
Python function is noted by the module it is written in:

- each function counts at its first call only: a reader reads a function once, however
  many tables it is called for;
- a comprehension's or lambda's frame is part of the function it is written in (Python
  3.11 gives it a frame of its own, 3.12 no longer does);
- only tournaments' own modules are kept, and the seating engine counts as one room: its
  modules are private behind tournaments/seating/__init__.py (pyproject.toml's contract
  `seating-private`), and its own tests read it inside. Other apps' modules (nights,
  games, rules: starting the stage's night, reading the boards) are left out here;
  `everything` below keeps every app's modules, each on its own, for the failure message;
- consecutive calls in one module make one step. "Modules" counts the distinct modules
  met; "goes back" counts the steps entering a module met before.

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

MOST_MODULES = 12
MOST_GOING_BACK = 12

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
APPS = frozenset(tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["root_packages"])
ENGINE = "tournaments.seating"
WRITTEN_INSIDE = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", "<lambda>"}


def first_calls(press) -> list[str]:
    """The module of each project function the view calls while `press()` runs, at its
    first call, in order."""
    from tournaments import views

    view = views.next_stage
    while hasattr(view, "__wrapped__"):  # staff_only, require_POST
        view = view.__wrapped__
    modules: list[str] = []
    seen: set = set()
    inside = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is view.__code__:
            inside.append(frame)
        if not inside:
            return
        if event == "return" and frame is inside[-1]:
            inside.pop()
        if event != "call" or frame.f_code in seen or frame.f_code.co_name in WRITTEN_INSIDE:
            return
        module = frame.f_globals.get("__name__", "")
        if module.partition(".")[0] in APPS:
            seen.add(frame.f_code)
            modules.append(module)

    sys.setprofile(profile)
    try:
        press()
    finally:
        sys.setprofile(None)
    return modules


def steps(modules: list[str]) -> list[str]:
    """Consecutive calls in one module as one step."""
    return [m for n, m in enumerate(modules) if n == 0 or modules[n - 1] != m]


def rooms(modules: list[str]) -> list[str]:
    """tournaments' modules only, the seating engine's as one."""
    return steps(
        [
            ENGINE if m.startswith(f"{ENGINE}.") else m
            for m in modules
            if m.startswith("tournaments")
        ]
    )


def going_back(path: list[str]) -> int:
    return sum(1 for n, module in enumerate(path) if module in path[:n])


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

    called = first_calls(
        lambda: answers.append(admin_client.post(path, {"step": "confirm", **hidden}))
    )

    assert answers[0].status_code == 302
    assert tournament.stages.count() == 2
    taken, everything = rooms(called), steps(called)
    modules, back = len(set(taken)), going_back(taken)
    assert taken.count(ENGINE) == 1, taken  # the engine entered once, by its way in
    assert modules <= MOST_MODULES and back <= MOST_GOING_BACK, (
        f"{seating}: {modules} of tournaments' modules, {back} steps back into one already "
        f"left ({len(taken)} steps):\n  " + "\n  ".join(taken) + "\n"
        f"Every app's modules: {len(set(everything))}, {going_back(everything)} steps back "
        f"({len(everything)} steps):\n  " + "\n  ".join(everything)
    )
