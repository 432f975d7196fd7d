"""Keep apart and keep in place, as staff give them (the form, `newtournament`, the
settings) and read them (the API): a group never shares a table and a fixed entrant stays
at their table in every game of a rotation and of progressive tables; what cannot be kept
is refused with a sentence."""

import json
import shlex

import pytest
from django.core.management import CommandError

from core.rejections import Rejected
from tests.factories import numbered, seated_names, stage_games
from tests.guides import guide
from tests.tournaments.kit import play_stage, read
from tests.tournaments.test_commands import newtournament, run
from tests.tournaments.test_new_tournament_page import form
from tournaments.entrants import withdraw
from tournaments.models import Tournament
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament, seat_next_stage

APART = (("P1", "P2", "P3"), ("P4", "P5"))
FIXED = (("P6", 2),)


def start(players, format, **settings):
    return create_tournament(
        settings=Settings(
            name="Club day",
            ruleset="mexican-train",
            format=format,
            rounds=1,
            table_size=(4, 4),
            **settings,
        ),
        entrants=[(p, None) for p in players],
    )


def kept_everywhere(tournament) -> None:
    for stage in tournament.stages.order_by("number"):
        tables = [seated_names(game) for game in stage_games(stage)]
        for group in APART:
            assert all(len(set(group) & set(table)) <= 1 for table in tables), tables
        assert "P6" in tables[1], tables


def play_all(new, players, games):
    scores = {p.name: [(n * 7) % 11] for n, p in enumerate(players)}
    stage = new.stage
    for _ in range(games - 1):
        play_stage(stage, scores)
        stage = seat_next_stage(tournament=new.tournament).stage
    play_stage(stage, scores)


@pytest.mark.parametrize("format", ["rotation", "progressive"])
def test_a_group_never_shares_a_table_and_a_fixed_entrant_stays_at_theirs(db, format):
    players = numbered(12)
    new = start(players, format, games=4, apart=APART, fixed=FIXED)
    play_all(new, players, games=4)
    assert new.tournament.stages.count() == 4
    kept_everywhere(new.tournament)


def test_a_stage_that_cannot_keep_a_group_apart_is_refused_with_a_sentence(db):
    players = numbered(12)
    new = start(players, "rotation", games=3, apart=APART)
    play_stage(new.stage, {p.name: [n] for n, p in enumerate(players)})
    for player in players[8:]:
        withdraw(tournament=new.tournament, player=player)
    with pytest.raises(Rejected) as refused:
        seat_next_stage(tournament=new.tournament)
    sentence = refused.value.errors["stage"]
    assert sentence.endswith(
        " should be kept apart, but this stage has only 2 tables; make the group smaller."
    )
    assert sorted(sentence.split(" should")[0].split(", ")) == ["P1", "P2", "P3"]
    assert new.tournament.stages.count() == 1


@pytest.mark.parametrize(
    ("settings", "field", "sentence"),
    [
        (
            {"apart": (("P1", "Zed"),)},
            "apart",
            "Keep apart: 'Zed' is not entered; enter them, or correct the name.",
        ),
        (
            {"apart": (("P1", "P2"), ("P3", "p1"))},
            "apart",
            "Keep apart: 'p1' is in two groups; put each player in one group (a group may "
            "have more than two names).",
        ),
        (
            {"apart": (("P1",),)},
            "apart",
            "Keep apart: 'P1' is alone in a group; give each group two names or more, such as "
            "“Ann+Bob”.",
        ),
        (
            {"fixed": (("P1", 1), ("p1", 2))},
            "fixed",
            "Fixed table: 'p1' is given two tables; give each player one.",
        ),
        (
            {"fixed": (("P1", 4),)},
            "fixed",
            "Fixed table: 12 players sit at 3 tables, so there is no table 4; give 'P1' a "
            "table from 1 to 3.",
        ),
        (
            {"apart": (("P1", "P2", "P3", "P4"),)},
            "apart",
            "should be kept apart, but this stage has only 3 tables; make the group smaller.",
        ),
        (
            {"fixed": (("P1", 1), ("P2", 1), ("P3", 1), ("P4", 1), ("P5", 1))},
            "fixed",
            "should all stay at table 1, which has 4 seats; fix fewer of them there.",
        ),
    ],
)
def test_what_cannot_be_kept_is_refused_naming_the_field(db, settings, field, sentence):
    with pytest.raises(Rejected) as refused:
        start(numbered(12), "rotation", games=3, **settings)
    assert sentence in refused.value.errors[field]
    assert not Tournament.objects.exists()


def test_heats_refuse_groups_kept_apart(db):
    with pytest.raises(Rejected) as refused:
        start(numbered(12), "heats-final", apart=(("P1", "P2"),))
    assert refused.value.errors["apart"] == (
        "Heats and a final seat players by their results, so nobody can be kept apart or at "
        "one table; leave this empty, or choose rotation or progressive."
    )


def test_the_form_takes_them_and_the_api_shows_them(admin_client, client):
    players = numbered(12)
    answer = admin_client.post(
        "/tournaments/new/",
        form(players, table_min="4", table_max="4", apart="P1+P2+P3\nP4 + P5", fixed="P6 = 2"),
    )
    assert answer.status_code == 302
    tournament = Tournament.objects.get()
    kept_everywhere(tournament)
    shown = read(client, tournament.code)
    assert [[p["name"] for p in group] for group in shown["apart"]] == [list(g) for g in APART]
    assert [(f["player"]["name"], f["table"]) for f in shown["fixed"]] == [("P6", 2)]


@pytest.mark.parametrize(
    ("extra", "sentence"),
    [
        ({"fixed": "P6 at 2"}, "Fixed table: write each as name = table number, such as"),
        ({"apart": "P1+Zed"}, "Keep apart: &#x27;Zed&#x27; is not entered"),
        ({"fixed": "P6 = 9"}, "so there is no table 9; give &#x27;P6&#x27; a table from 1 to 3"),
    ],
)
def test_the_form_names_what_to_change(admin_client, extra, sentence):
    answer = admin_client.post(
        "/tournaments/new/", form(numbered(12), table_min="4", table_max="4", **extra)
    )
    assert answer.status_code == 422
    assert sentence in answer.content.decode()
    assert not Tournament.objects.exists()


def test_the_command_takes_apart_and_fixed(db):
    players = ",".join(f"P{n}" for n in range(1, 13))
    out = newtournament(
        "--format", "progressive", "--games", "2", "--players", players, "--table-size", "4-4",
        "--apart", "P1+P2+P3,P4+P5", "--fixed", "P6=2", "--json",
    )  # fmt: skip
    answer = json.loads(out)
    assert [[p["name"] for p in group] for group in answer["apart"]] == [list(g) for g in APART]
    assert [(f["player"]["name"], f["table"]) for f in answer["fixed"]] == [("P6", 2)]
    kept_everywhere(Tournament.objects.get())


def test_the_command_refuses_a_fixed_table_it_cannot_read(db):
    with pytest.raises(CommandError) as refused:
        newtournament(
            "--format", "rotation", "--games", "2", "--players", "Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal",
            "--table-size", "4-4", "--fixed", "Ed=one",
        )  # fmt: skip
    assert str(refused.value) == (
        "Fixed table: write each as name = table number, such as “Ed = 1”; 'Ed=one' is not."
    )
    assert not Tournament.objects.exists()


def test_the_guides_keep_apart_command_line_starts_such_a_rotation(db):
    block = guide("tournaments.md").split("### Keep apart")[1].split("```sh\n", 1)[1]
    line = block.split("```", 1)[0].strip()

    words = shlex.split(line)
    assert words[:2] == ["trainscore", "newtournament"]
    run(*words[1:])
    tournament = Tournament.objects.get()
    tables = [seated_names(g) for g in stage_games(tournament.stages.get())]
    assert "Ed" in tables[0]
    assert not any({"Ann", "Bob"} <= set(t) or {"Cy", "Di"} <= set(t) for t in tables)
