"""`manage.py newgame`: a game from the command line, with its links and key."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from games import keys
from games.models import Game
from players.models import Player
from tests import servers


def newgame(*args) -> str:
    out = StringIO()
    call_command("newgame", *args, stdout=out)
    return out.getvalue()


def test_it_starts_a_game_and_prints_both_links_and_the_key(db):
    out = newgame("--ruleset", "oll", "--variant", "even", "--players", "Ann, Bob,Cy")
    game = Game.objects.get()
    assert (game.ruleset, game.variant) == ("oll", "even")
    assert [s.player.name for s in game.seats.all()] == ["Ann", "Bob", "Cy"]
    assert f"http://127.0.0.1:8000/games/{game.code}/\n" in out
    key = out.split("Scorekeeper key:")[1].split()[0]
    assert keys.key_matches(key, game.key_hash)
    assert f"http://127.0.0.1:8000/games/{game.code}/keep/{key}/\n" in out
    assert "Started OLL Train (Even doubles) for Ann, Bob and Cy." in out


def test_it_prints_only_json_when_asked(db):
    out = newgame("--ruleset", "mexican-train", "--players", "Ann,Bob", "--json")
    answer = json.loads(out)
    assert set(answer) == {"code", "url", "scorekeeper_url", "key"}
    game = Game.objects.get(code=answer["code"])
    assert answer["url"] == f"http://127.0.0.1:8000/games/{game.code}/"
    assert (
        answer["scorekeeper_url"]
        == f"http://127.0.0.1:8000/games/{game.code}/keep/{answer['key']}/"
    )
    assert keys.key_matches(answer["key"], game.key_hash)


def test_its_key_opens_the_game_to_the_api(db):
    answer = json.loads(newgame("--ruleset", "number-9", "--players", "Ann,Bob", "--json"))
    game = Game.objects.get(code=answer["code"])
    ann, bob = (s.player_id for s in game.seats.all())
    response = Client(headers={"Authorization": f"Bearer {answer['key']}"}).put(
        f"/api/games/{game.code}/rounds/1",
        {"scores": {str(ann): 12, str(bob): 4}, "engine": None, "version": 1},
        content_type="application/json",
    )
    assert response.status_code == 200


def test_it_builds_links_on_the_site_url(db, settings):
    settings.SITE_URL = "https://trains.example.org"
    answer = json.loads(newgame("--ruleset", "oll", "--players", "Ann,Bob", "--json"))
    assert answer["url"] == f"https://trains.example.org/games/{answer['code']}/"


def test_it_builds_links_on_the_base_url_given(db):
    answer = json.loads(
        newgame("--ruleset", "oll", "--players", "A1,B2", "--json", "--base-url", "http://club/")
    )
    assert answer["url"] == f"http://club/games/{answer['code']}/"


def test_it_seats_known_players_whatever_the_case_and_registers_the_rest(db):
    ann = Player.objects.create(name="Ann")
    out = newgame("--ruleset", "derailing", "--players", "ANN,Zoe")
    seated = [s.player for s in Game.objects.get().seats.all()]
    assert seated[0] == ann
    assert seated[1].name == "Zoe"
    assert Player.objects.count() == 2
    assert "Registered new players: Zoe." in out


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ["--ruleset", "chicken-foot", "--players", "Ann,Bob"],
            "There is no ruleset called 'chicken-foot'; "
            "choose one of mexican-train, oll, derailing, number-9.",
        ),
        (
            ["--ruleset", "oll", "--variant", "sevens", "--players", "Ann,Bob"],
            "OLL Train has no 'sevens' variant; choose one of full, even, odd.",
        ),
        (
            ["--ruleset", "number-9", "--players", "A,B,C,D,E,F"],
            "The standard game of Number 9 Train needs 2 to 5 players; "
            "for 6, choose the tournament game.",
        ),
        (
            ["--ruleset", "oll", "--players", "Ann,ann"],
            "Each player can take only one seat; remove the repeat.",
        ),
        (
            ["--ruleset", "oll", "--players", "Ann," + "x" * 41],
            f"Keep each name to 40 characters or fewer; {'x' * 41!r} is longer.",
        ),
    ],
)
def test_it_refuses_a_game_it_cannot_start_and_registers_nobody(db, args, sentence):
    with pytest.raises(CommandError) as refused:
        newgame(*args)
    assert str(refused.value) == sentence
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_it_exits_with_an_error_for_an_unknown_ruleset(transactional_db):
    done = servers.manage_on_test_database(
        "newgame", "--ruleset", "chicken-foot", "--players", "Ann,Bob"
    )
    assert done.returncode != 0
    assert "There is no ruleset called 'chicken-foot'" in done.stderr
    assert done.stdout == ""
    assert not Player.objects.exists()


def test_it_exits_cleanly_with_json_from_the_shell(transactional_db):
    done = servers.manage_on_test_database(
        "newgame", "--ruleset", "oll", "--players", "Ann,Bob", "--json"
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert Game.objects.filter(code=answer["code"]).exists()
