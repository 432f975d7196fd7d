"""Rotation in the app plans all its games when it starts and seats each game from the
stored plan: 16 entrants at tables of 4 over 5 games meet nobody twice; a withdrawal after
game 2 re-plans games 3–5 from the plan, games 1–2 staying as they were; staff see the
repeats of the next game and of the whole plan before they confirm."""

import random

from django.urls import reverse

from tests.factories import numbered, seated_names, stage_games
from tests.tournaments.kit import play_stage
from tournaments.entrants import add_entrant, withdraw
from tournaments.seating.rotation import meetings
from tournaments.settings_check import Settings
from tournaments.stages import create_tournament, draw_next_stage, seat_next_stage


def rotation(players, games=5, table_size=(4, 4)):
    settings = Settings(
        name="Open day",
        ruleset="mexican-train",
        format="rotation",
        games=games,
        rounds=1,
        table_size=table_size,
    )
    return create_tournament(
        settings=settings, entrants=[(p, None) for p in players], rng=random.Random(4)
    )


def tables_of(stage) -> set[frozenset]:
    return {frozenset(seated_names(game)) for game in stage_games(stage)}


def planned(tournament, names) -> list[set[frozenset]]:
    tournament.refresh_from_db()
    return [{frozenset(names[p] for p in table) for table in game} for game in tournament.plan]


def scores(players):
    return {p.name: [n % 5] for n, p in enumerate(players)}


def test_16_entrants_at_tables_of_4_play_5_games_meeting_nobody_twice(db):
    players = numbered(16)
    names = {p.pk: p.name for p in players}
    new = rotation(players)
    tournament = new.tournament
    assert len(planned(tournament, names)) == 4  # games 2–5 kept, game 1 seated
    assert (new.plan.preview.next_game, new.plan.preview.whole_plan) == (0, 0)
    played = [tables_of(new.stage)]
    play_stage(new.stage, scores(players))
    for number in range(2, 6):
        plan = planned(tournament, names)
        shown = draw_next_stage(tournament=tournament)
        assert {frozenset(p.name for p in t) for t in shown.tables} == plan[0]
        assert (shown.preview.next_game, shown.preview.whole_plan) == (0, 0)
        stage = seat_next_stage(tournament=tournament).stage
        assert stage.number == number
        assert tables_of(stage) == plan[0]  # seated as planned
        played.append(tables_of(stage))
        play_stage(stage, scores(players))
    assert max(meetings([[list(t) for t in game] for game in played]).values()) == 1
    assert planned(tournament, names) == []


def test_a_withdrawal_after_game_2_replans_games_3_to_5_and_keeps_games_1_and_2(db, admin_client):
    players = numbered(16)
    names = {p.pk: p.name for p in players}
    new = rotation(players, table_size=(3, 4))
    tournament = new.tournament
    play_stage(new.stage, scores(players))
    second = seat_next_stage(tournament=tournament).stage
    play_stage(second, scores(players))
    before = planned(tournament, names)
    games_1_and_2 = [tables_of(new.stage), tables_of(second)]

    withdraw(tournament=tournament, player=players[-1])

    shown = admin_client.post(reverse("tournaments:next_stage", args=[tournament.code]))
    assert (
        "Over the 3 games planned from here, this one included, 0 pairs of players meet again."
        in shown.content.decode()
    )
    assert "Draw the seats again" not in shown.content.decode()  # the plan gives the seats
    third = seat_next_stage(tournament=tournament).stage
    after = [tables_of(third), *planned(tournament, names)]
    # The plan had nobody meet twice; without P16 it still has, so it is kept as it was,
    # P16 taken out: three tables of 4 and one of 3.
    without = [{t - {"P16"} for t in game} for game in before]
    assert after == without
    assert all(sorted(len(t) for t in game) == [3, 4, 4, 4] for game in after)
    assert [tables_of(s) for s in tournament.stages.order_by("number")[:2]] == games_1_and_2
    every = [*games_1_and_2, *after]
    assert max(meetings([[list(t) for t in game] for game in every]).values()) == 1


def test_a_late_entrant_is_planned_into_the_games_not_yet_seated(db):
    players = numbered(16)
    new = rotation(players, games=3, table_size=(3, 4))
    tournament = new.tournament
    late = numbered(17)[-1]
    add_entrant(tournament=tournament, player=late)
    play_stage(new.stage, scores(players))
    second = seat_next_stage(tournament=tournament).stage
    assert any("P17" in table for table in tables_of(second))
    tournament.refresh_from_db()
    assert [len(t) for t in tournament.plan[0]] == [4, 4, 3, 3, 3]
    assert late.pk in {p for table in tournament.plan[0] for p in table}
