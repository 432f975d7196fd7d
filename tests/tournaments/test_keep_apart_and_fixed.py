"""Keep apart and keep in place, in rotation and progressive (no database): no seating puts
two of a group kept apart at one table when a seating without that exists, a fixed entrant
always sits at their table, and when no seating can, the refusal says what to change."""

import random
from collections import Counter
from itertools import product

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.seating import even_sizes
from tournaments.seating.constraints import (
    Constraints,
    ConstraintsRefused,
    misplaced,
    seat_apart,
    together,
)
from tournaments.seating.progressive import cut
from tournaments.seating.rotation import draw, meetings
from tournaments.seating.schedule import plan


@st.composite
def seatings_asked(draw_, most=12):
    """Players, table sizes at most one apart, and what staff ask: small groups kept apart
    (now and then one more than there are tables) and a few entrants fixed."""
    count = draw_(st.integers(min_value=4, max_value=most))
    size = draw_(st.integers(min_value=2, max_value=min(4, count // 2)))
    sizes = even_sizes(range(size, size + 2), count)
    players = [f"P{n}" for n in range(count)]
    group = st.lists(
        st.sampled_from(players), min_size=2, max_size=min(3, len(sizes) + 1), unique=True
    )
    groups = draw_(st.lists(group, max_size=4))
    fixed = draw_(
        st.dictionaries(st.sampled_from(players), st.integers(0, len(sizes) - 1), max_size=3)
    )
    return players, sizes, Constraints(apart=tuple(frozenset(g) for g in groups), fixed=fixed)


def some_seating_keeps(players, sizes, constraints):
    """Whether any seating keeps `constraints`, tried one by one (the test's own search)."""
    if any(t >= len(sizes) for t in constraints.fixed.values()):
        return False
    if any(len(group) > len(sizes) for group in constraints.apart):
        return False  # two of the group would share a table, whatever the seating
    pairs = constraints.pairs()
    choosing = sorted({p for pair in pairs for p in pair} - set(constraints.fixed))
    for tables in product(range(len(sizes)), repeat=len(choosing)):
        where = {**constraints.fixed, **dict(zip(choosing, tables, strict=True))}
        used = Counter(where.values())
        if any(used[t] > size for t, size in enumerate(sizes)):
            continue
        if all(where[a] != where[b] for a, b in (tuple(p) for p in pairs)):
            return True
    return False


def assert_kept_or_rightly_refused(seat, players, sizes, constraints):
    try:
        seatings = seat()
    except ConstraintsRefused:
        assert not some_seating_keeps(players, sizes, constraints)
        return
    for seating in seatings:
        assert [len(t) for t in seating] == list(sizes)
        assert sorted(p for t in seating for p in t) == sorted(players)
        assert together(seating, constraints) == []
        assert misplaced(seating, constraints) == []


@settings(max_examples=150, deadline=None)
@given(seatings_asked(), st.integers(0, 1000))
def test_a_rotation_draw_keeps_groups_apart_and_fixed_entrants_in_place(asked, seed):
    players, sizes, constraints = asked
    rng = random.Random(seed)
    earlier = [[players[i : i + 3] for i in range(0, len(players), 3)]]
    assert_kept_or_rightly_refused(
        lambda: [draw(players, sizes, meetings(earlier), rng=rng, constraints=constraints)],
        players, sizes, constraints,
    )  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(seatings_asked(most=10), st.integers(0, 1000))
def test_a_rotation_plan_keeps_them_in_every_game(asked, seed):
    players, sizes, constraints = asked
    assert_kept_or_rightly_refused(
        lambda: plan(
            players, sizes, 3, constraints=constraints, rng=random.Random(seed), seconds=0.2
        ),
        players, sizes, constraints,
    )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(seatings_asked())
def test_a_progressive_cut_keeps_them(asked):
    players, sizes, constraints = asked
    assert_kept_or_rightly_refused(
        lambda: [cut(players, sizes, constraints=constraints)], players, sizes, constraints
    )


def test_progressive_splits_a_kept_apart_pair_with_the_next_rung_of_the_ladder():
    ladder = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4"]
    tables = cut(ladder, [4, 4, 4], constraints=Constraints(apart=(frozenset({"B1", "B2"}),)))
    # B1 and A4, one rung apart, trade tables; nobody else moves.
    assert tables == [
        ["A1", "A2", "A3", "B1"],
        ["A4", "B2", "B3", "B4"],
        ["C1", "C2", "C3", "C4"],
    ]


def test_a_fixed_entrant_keeps_their_table_and_the_ladder_fills_the_rest_in_order():
    ladder = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    tables = cut(ladder, [4, 4], constraints=Constraints(fixed={"B4": 0}))
    assert tables == [["A1", "A2", "A3", "B4"], ["A4", "B1", "B2", "B3"]]


def test_a_fixed_entrant_sits_at_their_table_in_every_planned_game():
    players = [f"P{n}" for n in range(16)]
    planned = plan(
        players, [4] * 4, 5, constraints=Constraints(fixed={"P3": 2}), rng=random.Random(1)
    )
    assert all("P3" in seating[2] for seating in planned)
    assert max(meetings(planned).values()) == 1  # the design, tables turned round


NAMES = {"Ann": "Ann Lee", "Bob": "Bob Ray", "Cy": "Cy Ode", "Di": "Di Fox", "Ed": "Ed Moe"}
HOUSEHOLD = frozenset({"Ann", "Bob", "Cy", "Di"})
TRIANGLE = (frozenset({"Ann", "Bob"}), frozenset({"Bob", "Cy"}), frozenset({"Ann", "Cy"}))


@pytest.mark.parametrize(
    ("players", "sizes", "constraints", "sentence"),
    [
        (
            ["Ann", "Bob", "Cy", "Ed"], [2, 2], Constraints(fixed={"Ed": 2}),
            "Ed Moe should stay at table 3, but this stage has 2 tables; choose a table "
            "that exists.",
        ),
        (
            ["Ann", "Bob", "Cy", "Ed"], [2, 2], Constraints(fixed={"Ann": 0, "Bob": 0, "Cy": 0}),
            "Ann Lee, Bob Ray, Cy Ode should all stay at table 1, which has 2 seats; fix fewer "
            "of them there.",
        ),
        (
            ["Ann", "Bob", "Cy", "Ed"], [2, 2],
            Constraints(apart=(frozenset({"Ann", "Bob"}),), fixed={"Ann": 1, "Bob": 1}),
            "Ann Lee, Bob Ray should be kept apart but should both stay at table 2; fix one "
            "of them at another table.",
        ),
        (
            ["Ann", "Bob", "Cy", "Di", "Ed", "P6"], [3, 3], Constraints(apart=(HOUSEHOLD,)),
            "Ann Lee, Bob Ray, Cy Ode, Di Fox should be kept apart, but this stage has only 2 "
            "tables; make the group smaller.",
        ),
        (
            ["Ann", "Bob", "Cy", "Di"], [2, 2],
            Constraints(apart=TRIANGLE),
            "No seating at these 2 tables keeps every group apart and every fixed entrant at "
            "their table; make a group smaller or fix fewer entrants.",
        ),
    ],
    ids=["no such table", "table full", "fixed together", "group too big", "tangled"],
)  # fmt: skip
def test_the_refusal_says_what_to_change(players, sizes, constraints, sentence):
    for seat in (
        lambda: seat_apart(players, sizes, constraints),
        lambda: draw(players, sizes, Counter(), constraints=constraints),
        lambda: plan(players, sizes, 2, constraints=constraints),
        lambda: cut(players, sizes, constraints=constraints),
    ):
        with pytest.raises(ConstraintsRefused) as refused:
            seat()
        assert refused.value.sentence(name=lambda p: NAMES.get(p, p)) == sentence


def test_the_refusal_is_in_the_readers_language():
    with pytest.raises(ConstraintsRefused) as refused:
        seat_apart(["Ann", "Bob", "Cy", "Ed"], [2, 2], Constraints(fixed={"Ed": 2}))
    with translation.override("es"):
        spanish = refused.value.sentence()
    with translation.override("fr"):
        french = refused.value.sentence()
    assert spanish != french
    assert "Ed" in spanish and "3" in spanish and "Ed" in french and "3" in french
    assert refused.value.sentence() != spanish
