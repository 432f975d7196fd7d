"""A seating never holds one player twice, whatever happens between and during stages: a
property over every format, through the services on the database, with late entrants
(some typed as a look-alike of someone entered: "ngozi  ADEYEMI"), withdrawals and
reinstatements interleaved with playing and seating the stages."""

import random

from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.rejections import Rejected
from players.models import Player
from players.names import same_person_key
from tests.factories import play_out, stage_games, tournament_of
from tournaments.entrants import add_entrant, reinstate, withdraw
from tournaments.formats import Format
from tournaments.models import Entrant
from tournaments.stages import seat_next_stage

NAMES = ["Ngozi Adeyemi", "Dolores Castañeda", "Ólafur", "Zoë", "Ann", "Bob", "Cy", "Di", "Ed"]
EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["late", "look-alike", "withdraw", "reinstate"]),
        st.integers(min_value=0, max_value=99),
    ),
    max_size=4,
)


def look_alike(name: str) -> str:
    return "  ".join(name.upper().split()) + " "


def happen(tournament, event: str, n: int) -> None:
    entrants = list(Entrant.objects.filter(tournament=tournament).select_related("player"))
    try:
        if event == "late":
            # A new person each time: two late arrivals drawn with the same n are two people.
            late = f"Late {Player.objects.count()}"
            add_entrant(tournament=tournament, player=Player.objects.create(name=late))
        elif event == "look-alike":
            name = look_alike(entrants[n % len(entrants)].player.name)
            found, _registered = Player.objects.find_or_register([name])
            add_entrant(tournament=tournament, player=found[name.lower()])
        elif event == "withdraw":
            withdraw(tournament=tournament, player=entrants[n % len(entrants)].player)
        else:
            reinstate(tournament=tournament, player=entrants[n % len(entrants)].player)
    except Rejected:
        pass  # refused with a sentence, changing nothing (tested on its own elsewhere)


def play(stage, rng: random.Random) -> None:
    for game in stage_games(stage):
        play_out(game, [rng.randint(0, 40) for _seat in game.seats.all()])


def assert_one_seat_each(tournament) -> None:
    for stage in tournament.stages.all():
        seated = [s.player for g in stage_games(stage) for s in g.seats.select_related("player")]
        assert len({p.pk for p in seated}) == len(seated), (stage.number, seated)
        assert len({same_person_key(p.name) for p in seated}) == len(seated), seated


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    format=st.sampled_from(list(Format)),
    between=st.lists(EVENTS, min_size=3, max_size=3),
    during=st.lists(EVENTS, min_size=3, max_size=3),
    seed=st.integers(0, 1000),
)
def test_no_stage_seats_one_person_twice(db, format, between, during, seed):
    rng = random.Random(seed)
    with transaction.atomic():  # each example starts from an empty roster
        new = tournament_of(
            NAMES[0:3], NAMES[3:6], NAMES[6:9],
            format=format.value, table_size=(3, 3), games=3, rounds=1, move=1,
        )  # fmt: skip
        tournament, stage = new.tournament, new.stage
        for number in range(3):
            for event, n in during[number]:
                happen(tournament, event, n)
            assert_one_seat_each(tournament)
            play(stage, rng)
            for event, n in between[number]:
                happen(tournament, event, n)
            try:
                stage = seat_next_stage(tournament=tournament, rng=rng).stage
            except Rejected:
                break  # over, or too few left to seat: said in a sentence
            assert_one_seat_each(tournament)
        transaction.set_rollback(True)
