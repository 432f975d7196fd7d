"""Bad input gets a sentence saying what to change, and changes nothing: too few players,
table sizes outside the ruleset, an unknown band, a player entered twice, and the
format's settings."""

import pytest

from core.rejections import Rejected
from games.models import Game
from tests.factories import numbered, register, tournament_of
from tests.tournaments.kit import play_stage
from tournaments.entrants import add_entrant, withdraw
from tournaments.models import Tournament
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament, seat_next_stage


def create(players=8, **settings):
    if isinstance(players, int):
        players = numbered(players)
    settings.setdefault("format", "rotation")
    settings.setdefault("games", 3)
    bands = settings.pop("bands_of", {})
    given = {key: settings.pop(key) for key in ("bands",) if key in settings}
    return create_tournament(
        settings=Settings(
            name=settings.pop("name", "Spring open"),
            ruleset=settings.pop("ruleset", "mexican-train"),
            **settings,
        ),
        entrants=[(p, bands.get(p.name)) for p in players],
        **given,
    )


@pytest.mark.parametrize(
    ("settings", "field", "sentence"),
    [
        (
            {"players": 7, "table_size": (4, 6)},
            "players",
            "A tournament needs at least two tables of 4, so 8 players; you entered 7. "
            "Enter more players or choose smaller tables.",
        ),
        (
            {"players": 9, "table_size": (4, 4)},
            "table_size",
            "9 players cannot sit at tables of 4 to 4 with sizes at most one apart; widen the "
            "table sizes, or enter more or fewer players.",
        ),
        (
            {"table_size": (4, 9)},
            "table_size",
            "Mexican Train seats 2 to 8 players at a table; tables of 4 to 9 are outside "
            "that, so choose sizes within it.",
        ),
        (
            {"ruleset": "number-9", "variant": "tournament", "table_size": (5, 6)},
            "table_size",
            "The tournament game of Number 9 Train seats exactly 6 players at a table; tables "
            "of 5 to 6 are outside that, so choose sizes within it.",
        ),
        (
            {"players": 8, "format": "heats-final", "table_size": (4, 8)},
            "players",
            "All 8 players fit one table of 8, so there is nothing to heat: start a game "
            "night instead, or choose smaller tables.",
        ),
        (
            {"format": "swiss"},
            "format",
            "Choose the format: heats-final, rotation, progressive.",
        ),
        (
            {"games": 1},
            "games",
            "Give the number of games as a whole number from 2 to 20.",
        ),
        (
            {"format": "progressive", "table_size": (4, 4), "move": 3},
            "move",
            "Give how many move from each table as a whole number from 1 to 2.",
        ),
        (
            {"format": "heats-final", "players": 12, "table_size": (4, 4), "advance": 4},
            "advance",
            "Give how many go on from each table as a whole number from 1 to 3.",
        ),
        (
            {"ruleset": "oll", "variant": "odd", "rounds": 7},
            "rounds",
            "OLL Train has 6 rounds at a table of 2; ask for 6 or fewer.",
        ),
        (
            {"minutes": 0},
            "minutes",
            "Give the time limit in minutes as a whole number from 1 to 1440.",
        ),
        ({"name": "  "}, "name", "Give the tournament a name, such as “Spring open”."),
    ],
)
def test_bad_settings_are_refused_with_a_sentence_and_nothing_is_made(
    db, settings, field, sentence
):
    with pytest.raises(Rejected) as refused:
        create(**settings)
    assert refused.value.errors == {field: sentence}
    assert not Tournament.objects.exists()
    assert not Game.objects.exists()


def test_a_player_entered_twice_is_refused(db):
    players = numbered(8)
    with pytest.raises(Rejected) as refused:
        create(players=[*players, players[2]])
    assert refused.value.errors == {"players": "P3 is entered twice; enter each player once."}
    assert not Tournament.objects.exists()


def test_a_band_not_among_the_tournaments_bands_is_refused(db):
    with pytest.raises(Rejected) as refused:
        create(bands=["60–69", "70–79"], bands_of={"P2": "90+"})
    assert refused.value.errors == {
        "bands": "'90+' is not one of this tournament's bands (60–69, 70–79); put P2 in "
        "one of them, or in none."
    }
    assert not Tournament.objects.exists()


def test_without_bands_given_the_entrants_bands_are_the_tournaments(db):
    new = create(bands_of={"P2": "70–79", "P1": "60–69", "P3": "70–79"})
    assert new.tournament.bands == ["60–69", "70–79"]


def test_a_late_entrant_already_entered_or_in_an_unknown_band_is_refused(db):
    new = tournament_of(["A", "B"], ["C", "D"], table_size=(2, 2), games=2, bands=["Beginners"])
    a, e = register("A", "E")
    with pytest.raises(Rejected) as refused:
        add_entrant(tournament=new.tournament, player=a)
    assert refused.value.errors == {"player": "A is already entered; enter each player once."}
    with pytest.raises(Rejected) as refused:
        add_entrant(tournament=new.tournament, player=e, band="Experts")
    assert refused.value.errors == {
        "bands": "'Experts' is not one of this tournament's bands (Beginners); put E in one "
        "of them, or in none."
    }
    assert new.tournament.entrants.count() == 4
    entrant = add_entrant(tournament=new.tournament, player=e, band="Beginners")
    assert (entrant.joins, entrant.band) == (2, "Beginners")


def test_withdrawing_twice_or_someone_not_entered_is_refused(db):
    new = tournament_of(["A", "B"], ["C", "D"], table_size=(2, 2), games=2)
    a, z = register("A", "Zed")
    withdraw(tournament=new.tournament, player=a)
    with pytest.raises(Rejected) as refused:
        withdraw(tournament=new.tournament, player=a)
    assert refused.value.errors == {"player": "A has already withdrawn."}
    with pytest.raises(Rejected) as refused:
        withdraw(tournament=new.tournament, player=z)
    assert refused.value.errors == {"player": "Zed is not entered in this tournament."}


def test_a_next_stage_that_cannot_be_split_into_the_sizes_asked_for_says_so(db):
    new = tournament_of(["A", "B", "C", "D"], ["E", "F", "G", "H"], table_size=(4, 4), games=2)
    play_stage(new.stage, {name: [n] for n, name in enumerate("ABCDEFGH")})
    add_entrant(tournament=new.tournament, player=register("Late")[0])
    with pytest.raises(Rejected) as refused:
        seat_next_stage(tournament=new.tournament)
    assert refused.value.errors == {
        "stage": "9 players cannot sit at tables of 4 to 4 with sizes at most one apart; enter "
        "a late arrival or withdraw a player, then draw again."
    }
    withdraw(tournament=new.tournament, player=register("H")[0])
    assert seat_next_stage(tournament=new.tournament).stage.number == 2


def test_too_few_players_left_for_progressive_tables_says_so(db):
    new = tournament_of(
        ["A", "B", "C", "D"], ["E", "F", "G", "H"], format="progressive", table_size=(4, 4),
        games=2,
    )  # fmt: skip
    play_stage(new.stage, {name: [n] for n, name in enumerate("ABCDEFGH")})
    for name in "ABCD":
        withdraw(tournament=new.tournament, player=register(name)[0])
    with pytest.raises(Rejected) as refused:
        seat_next_stage(tournament=new.tournament)
    assert refused.value.errors == {
        "stage": "Only 4 players are left to seat, too few for tables of 4 to 4; add late "
        "entrants, or end the tournament here."
    }
