"""Names level on the numbers, and the names of a filter, read in the order a reader of
the page's language expects (core/collation.py), not the database's: the roster's ties
under every numeric sort, the head-to-head's opponents with as many games together, the
games history's player filter, and a tournament's standings where everybody is level."""

import random
import re

import pytest

from players.models import Player
from tests.factories import play, register
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament

NAMES = ["Zoë Adams", "Ólafur Arnalds", "Émile Zola", "Łukasz Nowak", "Nuñez Ana", "Nunez Cy"]
IN_FRENCH = ["Émile Zola", "Łukasz Nowak", "Nuñez Ana", "Nunez Cy", "Ólafur Arnalds", "Zoë Adams"]
IN_SPANISH = ["Émile Zola", "Łukasz Nowak", "Nunez Cy", "Nuñez Ana", "Ólafur Arnalds", "Zoë Adams"]
READERS = [("fr", IN_FRENCH), ("es", IN_SPANISH)]


def shown(page: str, pattern: str) -> list[str]:
    return [name for name in re.findall(pattern, page) if name in NAMES]


@pytest.mark.parametrize(("language", "order"), READERS)
@pytest.mark.parametrize("sort", ["-wins", "wins", "-games", "games", "-avg", "-rating"])
def test_the_roster_lists_players_level_on_its_sort_by_name(client, db, language, order, sort):
    for name in NAMES:
        Player.objects.create(name=name)  # no games: level on every number

    page = client.get(f"/players/?sort={sort}", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert shown(page, r">([^<>]+)</a>") == order


@pytest.mark.parametrize(("language", "order"), READERS)
def test_the_roster_puts_the_numbers_first_and_names_within_a_tie(client, db, language, order):
    players = register(*NAMES)
    winner = register("Ana Winner")[0]
    play("mexican-train", [winner, players[0]], [[0, 10]])  # Ana wins, Zoë loses

    page = client.get("/players/?sort=-wins", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    listed = re.findall(r'<a href="/players/\d+/">([^<>]+)</a>', page)
    assert listed[0] == "Ana Winner"
    assert listed[1] == "Zoë Adams", "one game played puts her before those with none"
    assert listed[2:] == [name for name in order if name != "Zoë Adams"]


@pytest.mark.parametrize(("language", "order"), READERS)
def test_the_head_to_head_lists_opponents_met_as_often_by_name(client, db, language, order):
    me = register("Ana")[0]
    others = register(*NAMES)
    play("mexican-train", [me, *others[:3]], [[0, 10, 20, 30]])
    play("mexican-train", [me, *others[3:]], [[0, 10, 20, 30]])

    page = client.get(f"/players/{me.pk}/?season=all", HTTP_ACCEPT_LANGUAGE=language)

    rivals = page.content.decode().split('class="stats-table head-to-head"')[1]
    assert shown(rivals, r">([^<>]+)</a>") == order


@pytest.mark.parametrize(("language", "order"), READERS)
def test_the_history_player_filter_lists_names_in_the_readers_order(client, db, language, order):
    for name in NAMES:
        Player.objects.create(name=name)

    page = client.get("/games/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    picker = re.search(r'<select name="player".*?</select>', page, re.S).group(0)
    assert shown(picker, r"<option value=\"\d+\"[^>]*>([^<]+)</option>") == order


@pytest.mark.parametrize(("language", "order"), READERS)
def test_a_tournaments_standings_before_any_game_list_everybody_by_name(
    client, db, language, order
):
    new = create_tournament(
        settings=Settings(name="Autumn Open", ruleset="mexican-train", format="rotation", games=2),
        entrants=[(player, None) for player in register(*NAMES)],  # entered Zoë first
        rng=random.Random(3),
    )

    page = client.get(f"/tournaments/{new.tournament.code}/", HTTP_ACCEPT_LANGUAGE=language)

    standings = page.content.decode().split('id="standings-heading"', 1)[1]
    assert shown(standings, r">([^<>]+)<") == order
