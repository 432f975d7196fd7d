"""`manage.py newnight`: a night from the command line, seated for you, with every link."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import keys
from games.models import Game
from nights.models import Night
from players.models import Player
from rules import rulesets
from tests import servers
from tests.rules.test_seating import GAMES, seatable

NAMES = [f"Player {n}" for n in range(1, 71)]


def newnight(*args) -> str:
    out = StringIO()
    call_command("newnight", *args, stdout=out)
    return out.getvalue()


def players(count: int) -> str:
    return ",".join(NAMES[:count])


def test_it_prints_the_night_link_and_each_tables_scorekeeper_link(db):
    out = newnight("--name", "Club night", "--ruleset", "mexican-train", "--players", players(11))
    night = Night.objects.get()
    assert night.name == "Club night"
    assert "Started Club night: Mexican Train at 2 tables for 11 players." in out
    assert f"Night:            http://127.0.0.1:8000/nights/{night.code}/\n" in out
    for table in night.tables.all():
        game = table.game
        key = out.split(f"{table.label}:")[1].split("Scorekeeper key:")[1].split()[0]
        assert keys.key_matches(key, game.key_hash)
        assert f"Scorekeeper link: http://127.0.0.1:8000/games/{game.code}/keep/{key}/\n" in out
    assert "Registered new players: Player 1, Player 2," in out


def test_it_prints_only_json_when_asked(db):
    out = newnight(
        "--name", "Club night", "--ruleset", "oll", "--variant", "even",
        "--players", players(9), "--json",
    )  # fmt: skip
    answer = json.loads(out)
    night = Night.objects.get()
    assert set(answer) == {"code", "url", "tables"}
    assert answer["code"] == night.code
    assert answer["url"] == f"http://127.0.0.1:8000/nights/{night.code}/"
    assert [t["label"] for t in answer["tables"]] == ["Table 1", "Table 2"]
    for entry, table in zip(answer["tables"], night.tables.all(), strict=True):
        game = table.game
        assert set(entry) == {"label", "code", "url", "scorekeeper_url", "key", "players"}
        assert entry["code"] == game.code
        assert entry["url"] == f"http://127.0.0.1:8000/games/{game.code}/"
        assert entry["scorekeeper_url"] == (
            f"http://127.0.0.1:8000/games/{game.code}/keep/{entry['key']}/"
        )
        assert keys.key_matches(entry["key"], game.key_hash)
        assert entry["players"] == [s.player.name for s in game.seats.select_related("player")]
    assert [len(t["players"]) for t in answer["tables"]] == [5, 4]
    assert sorted(n for t in answer["tables"] for n in t["players"]) == sorted(NAMES[:9])


def test_it_seats_at_the_tables_asked_for(db):
    answer = json.loads(
        newnight(
            "--name",
            "N",
            "--ruleset",
            "derailing",
            "--players",
            players(12),
            "--tables",
            "4",
            "--json",
        )
    )
    assert [len(t["players"]) for t in answer["tables"]] == [3, 3, 3, 3]


@pytest.mark.parametrize(("slug", "variant"), GAMES)
def test_it_seats_2_to_30_players_at_the_fewest_tables_within_the_range(db, slug, variant):
    span = rulesets.get(slug).player_range(variant)
    for count in range(2, 31):
        args = ["--name", f"{count} players", "--ruleset", slug, "--variant", variant or ""]
        args += ["--players", players(count), "--json"]
        if seatable(slug, variant, count) is None:
            with pytest.raises(CommandError):
                newnight(*args)
            continue
        sizes = [len(t["players"]) for t in json.loads(newnight(*args))["tables"]]
        assert len(sizes) == seatable(slug, variant, count), count
        assert all(size in span for size in sizes), (count, sizes)
        assert max(sizes) - min(sizes) <= 1, (count, sizes)
        assert sum(sizes) == count


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ["--ruleset", "mexican-train", "--players", "Ann"],
            "Mexican Train needs at least 2 players at a table; add 1 more (you have 1).",
        ),
        (
            ["--ruleset", "mexican-train", "--players", players(70), "--tables", "2"],
            "Mexican Train seats 2 to 8 players at a table, so 70 players need 9 to 35 "
            "tables; you asked for 2.",
        ),
        (
            ["--ruleset", "number-9", "--variant", "tournament", "--players", players(13)],
            "The tournament game of Number 9 Train seats exactly 6 players at every table, "
            "so 13 players cannot be split into tables; 12 or 18 can.",
        ),
        (
            ["--ruleset", "chicken-foot", "--players", "Ann,Bob"],
            "There is no ruleset called 'chicken-foot'; "
            "choose one of mexican-train, oll, derailing, number-9.",
        ),
        (
            ["--ruleset", "oll", "--players", "Ann,ann"],
            "Each player can take only one seat; remove the repeat.",
        ),
    ],
)
def test_it_refuses_a_night_it_cannot_seat_and_registers_nobody(db, args, sentence):
    with pytest.raises(CommandError) as refused:
        newnight("--name", "Club night", *args)
    assert str(refused.value) == sentence
    assert not Night.objects.exists()
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_it_exits_with_the_sentence_on_stderr_for_an_impossible_night(transactional_db):
    done = servers.manage_on_test_database(
        "newnight", "--name", "Club", "--ruleset", "mexican-train", "--players", players(70),
        "--tables", "2",
    )  # fmt: skip
    assert done.returncode != 0
    assert "70 players need 9 to 35 tables; you asked for 2." in done.stderr
    assert done.stdout == ""
    assert not Player.objects.exists()


def test_it_exits_cleanly_with_json_from_the_shell(transactional_db):
    done = servers.manage_on_test_database(
        "newnight", "--name", "Club", "--ruleset", "oll", "--players", players(4), "--json"
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert Night.objects.filter(code=answer["code"]).exists()
