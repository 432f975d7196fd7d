"""Properties of the save service, tried on many random games and saves (Hypothesis).

Whatever a client sends, `record_round` either saves it or refuses it with
`Rejected`/`Conflict`; totals are always the sums of the saved scores; the version
rises by exactly one per change that lands and never on a refused one.
"""

from collections import defaultdict

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from core.rejections import Conflict, Rejected
from games.models import Change, Game, Score
from games.scorekeeping import Actor, record_round
from games.snapshot import load_board, snapshot
from games.starting import start_game
from players.models import Player

KEEPER = Actor(by="scorekeeper key", source="api")
SETUPS = [("mexican-train", None), ("oll", "even"), ("derailing", None), ("number-9", None)]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=2),
)
ODD_KEYS = st.one_of(
    st.text(max_size=3),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=2),
    st.integers(-3, 10**6).map(str),
)

pytestmark = pytest.mark.django_db


SPOILS = [
    (),
    (),
    (),
    ("number",),
    ("scores",),
    ("stray",),
    ("missing",),
    ("engine",),
    ("version",),
    ("all",),
]


def a_save(data, board) -> dict:
    """Draw one save: sensible, or with one field (or all) drawn from anything at all."""
    table = board.table
    seated = [s.player.id for s in board.standings]
    played = len(board.rounds)
    low, high = table.score_bounds
    high = min(high, 60)
    spoil = set(data.draw(st.sampled_from(SPOILS), label="spoil"))
    wild = lambda field: field in spoil or "all" in spoil  # noqa: E731

    number = data.draw(
        st.one_of(st.integers(-2, played + 3), JUNK)
        if wild("number")
        else st.integers(1, played + 1),
        label="number",
    )
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= played:
        others = [r.engine for r in board.rounds if r.number != number]
        allowed = table.engines_left(others, round_number=number)
    else:
        allowed = table.engines_left(board.engines_used)

    valid_scores = st.fixed_dictionaries({str(pid): st.integers(low, high) for pid in seated})
    if "stray" in spoil:  # every player, and a stray key: "01" for player 1, "²", "x"…
        scores_strategy = st.tuples(
            valid_scores,
            st.one_of(ODD_KEYS, st.sampled_from([f"0{p}" for p in seated])),
            st.integers(low, high),
        ).map(lambda t: {**t[0], t[1]: t[2]})
    elif "missing" in spoil:
        scores_strategy = valid_scores.map(lambda s: dict(list(s.items())[1:]))
    elif wild("scores"):
        scores_strategy = st.one_of(
            st.dictionaries(
                st.one_of(st.sampled_from([str(p) for p in seated]), ODD_KEYS),
                st.one_of(st.integers(low - 5, high + 5), JUNK),
                max_size=5,
            ),
            JUNK,
        )
    else:
        scores_strategy = valid_scores
    scores = data.draw(scores_strategy, label="scores")
    engine = data.draw(
        st.one_of(st.none(), st.integers(-2, table.set_size + 2), JUNK)
        if wild("engine")
        else st.sampled_from(allowed or (None,)),
        label="engine",
    )
    version = board.game.version
    version = data.draw(
        st.one_of(st.integers(0, version + 2), JUNK) if wild("version") else st.just(version),
        label="version",
    )
    return {"number": number, "scores": scores, "engine": engine, "version": version}


def saved_totals(game) -> dict[int, int]:
    """Each player's total straight from the saved scores, independent of the snapshot."""
    rows = Score.objects.filter(round__game=game).values("player_id").annotate(total=Sum("points"))
    totals = defaultdict(int, {row["player_id"]: row["total"] for row in rows})
    return {seat.player_id: totals[seat.player_id] for seat in game.seats.all()}


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_it_saves_or_refuses_and_keeps_totals_and_versions_honest(data):
    with transaction.atomic():  # each example starts from an empty database
        slug, variant = data.draw(st.sampled_from(SETUPS), label="ruleset")
        count = data.draw(st.integers(2, 4), label="players")
        players = [Player.objects.create(name=f"Player {i}") for i in range(count)]
        game = start_game(ruleset=slug, variant=variant, players=players).game

        for _ in range(data.draw(st.integers(1, 6), label="saves")):
            board = load_board(game)
            before = snapshot(board)
            save = a_save(data, board)
            try:
                record_round(game=game, actor=KEEPER, **save)
            except (Rejected, Conflict) as exc:
                event(f"refused: {type(exc).__name__} {sorted(getattr(exc, 'errors', {}))[:1]}")
                landed = False
            else:
                event("landed")
                landed = True
            after = snapshot(load_board(Game.objects.get(pk=game.pk)))

            if not landed:
                assert after == before, "a refused save changed the board"
            elif after["rounds"] == before["rounds"]:
                assert after["version"] == before["version"], "a save that changed nothing"
            else:
                assert after["version"] == before["version"] + 1
                saved = next(r for r in after["rounds"] if r["number"] == save["number"])
                assert saved["scores"] == {str(k): v for k, v in save["scores"].items()}
                assert saved["engine"] == save["engine"]

            totals = {p["id"]: p["total"] for p in after["players"]}
            assert totals == saved_totals(game)
            assert totals == {
                p["id"]: sum(r["scores"].get(str(p["id"]), 0) for r in after["rounds"])
                for p in after["players"]
            }
            assert [r["number"] for r in after["rounds"]] == list(
                range(1, len(after["rounds"]) + 1)
            )
            assert Change.objects.filter(game=game).count() == after["version"] - 1
        transaction.set_rollback(True)


@pytest.mark.parametrize("spelling", ["0{id}", "{id}.0", " {id}", "²", "１"])
def test_it_refuses_a_player_id_spelled_another_way(spelling):
    # Found by the property above: "01" used to overwrite player 1's score silently,
    # and "²" (a digit to str.isdigit, not to int) raised ValueError.
    players = [Player.objects.create(name=n) for n in ("Ann", "Bob")]
    game = start_game(ruleset="oll", variant="even", players=players).game
    scores = {str(p.id): 5 for p in players} | {spelling.format(id=players[0].id): 9}
    with pytest.raises(Rejected) as refused:
        record_round(game=game, number=1, scores=scores, engine=12, version=1, actor=KEEPER)
    assert set(refused.value.errors) == {"scores"}
    assert snapshot(load_board(game))["version"] == 1
