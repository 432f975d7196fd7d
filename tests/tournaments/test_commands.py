"""`trainscore newtournament` and `trainscore nextstage`: a tournament from the command
line, its first stage seated and printed; the next stage once the last has ended; --json
gives the API answer plus the stage just seated."""

import json
import shlex
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import keys
from tests.factories import stage_games
from tests.guides import guide
from tests.tournaments.kit import play_stage
from tournaments.models import Tournament

NAMES = [f"Player {n}" for n in range(1, 24)]


def run(command, *args) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def newtournament(*args) -> str:
    return run("newtournament", "--name", "Spring open", "--ruleset", "mexican-train", *args)


def test_it_seats_stage_1_and_prints_every_tables_scorekeeper_link(db):
    out = newtournament(
        "--format", "heats-final", "--players", ",".join(NAMES), "--table-size", "4-6"
    )
    tournament = Tournament.objects.get()
    assert "Heat 1 of Spring open is seated at 4 tables." in out
    assert f"Tournament:       http://127.0.0.1:8000/tournaments/{tournament.code}/\n" in out
    for game in stage_games(tournament.stages.get()):
        key = out.split(f"{game.table_name}:")[1].split("Scorekeeper key:")[1].split()[0]
        assert keys.key_matches(key, game.key_hash)
    assert "Registered new players: Player 1, Player 2," in out


def test_json_is_the_api_answer_plus_the_tables_just_seated(db, client):
    answer = json.loads(
        newtournament(
            "--format", "rotation", "--players", ",".join(NAMES[:9]), "--games", "3",
            "--table-size", "4-5", "--rounds", "2", "--minutes", "45",
            "--bands", "Player 1=60–69,Player 2=70–79", "--json",
        )
    )  # fmt: skip
    tournament = Tournament.objects.get()
    tables = answer.pop("tables")
    assert answer == client.get(f"/api/tournaments/{tournament.code}").json()
    assert (tournament.rounds, tournament.minutes, tournament.games) == (2, 45, 3)
    assert tournament.bands == ["60–69", "70–79"]
    assert [len(t["players"]) for t in tables] == [5, 4]
    for entry, game in zip(tables, stage_games(tournament.stages.get()), strict=True):
        assert set(entry) == {"label", "code", "url", "scorekeeper_url", "key", "players"}
        assert entry["code"] == game.code
        assert entry["scorekeeper_url"] == (
            f"http://127.0.0.1:8000/games/{game.code}/keep/{entry['key']}/"
        )
        assert keys.key_matches(entry["key"], game.key_hash)
        assert entry["players"] == [s.player.name for s in game.seats.select_related("player")]


def test_nextstage_seats_the_next_stage_once_the_last_has_ended(db):
    newtournament(
        "--format", "progressive", "--players", ",".join(NAMES[:8]), "--games", "2",
        "--table-size", "4-4", "--rounds", "1",
    )  # fmt: skip
    tournament = Tournament.objects.get()
    with pytest.raises(CommandError) as refused:
        run("nextstage", tournament.code)
    assert str(refused.value) == (
        "Game 1 is still being played: Table 1 has not finished. Seat the next stage once "
        "every table has ended."
    )
    play_stage(tournament.stages.get(), {name: [n] for n, name in enumerate(NAMES)})

    answer = json.loads(run("nextstage", tournament.code, "--json"))

    assert [s["number"] for s in answer["stages"]] == [1, 2]
    assert [t["label"] for t in answer["tables"]] == ["Table 1", "Table 2"]
    assert answer["tables"][0]["code"] == stage_games(tournament.stages.get(number=2))[0].code


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ["--format", "rotation", "--players", "Ann,Bob,Cy", "--games", "2"],
            "A tournament needs at least two tables of 2, so 4 players; you entered 3. "
            "Enter more players or choose smaller tables.",
        ),
        (
            ["--format", "rotation", "--players", "Ann,Bob,Cy,Di", "--bands", "Zed=80+"],
            "'Zed' has a band but is not among the players; add them to --players.",
        ),
        (
            ["--format", "rotation", "--players", "Ann,Bob,Cy,Di", "--table-size", "four"],
            "Give the table size as a number or two, smallest first: 4-6.",
        ),
    ],
)
def test_it_refuses_bad_input_with_a_sentence_and_registers_nobody(db, args, sentence):
    with pytest.raises(CommandError) as refused:
        newtournament(*args)
    assert str(refused.value) == sentence
    assert not Tournament.objects.exists()


def test_nextstage_names_an_unknown_code(db):
    with pytest.raises(CommandError) as refused:
        run("nextstage", "nope")
    assert str(refused.value) == "There is no tournament with the code 'nope'; check the link."


def test_the_guides_command_lines_start_a_tournament_and_seat_its_next_stage(db):
    block = guide("tournaments.md").split("```sh\n", 1)[1].split("```", 1)[0]
    start, next_stage = [shlex.split(line, comments=True) for line in block.splitlines()]
    assert start[:2] == ["trainscore", "newtournament"] and next_stage[:2] == [
        "trainscore",
        "nextstage",
    ]

    out = run(*start[1:])

    tournament = Tournament.objects.get()
    assert f"is seated at {tournament.stages.get().night.tables.count()} tables" in out
    entrants = start[start.index("--players") + 1].split(",")
    play_stage(tournament.stages.get(), {name: [n] for n, name in enumerate(entrants)})
    out = run(*[tournament.code if word == "CODE" else word for word in next_stage[1:]])
    assert tournament.stages.count() == 2
    assert "Final of Spring open is seated at 1 table." in out
