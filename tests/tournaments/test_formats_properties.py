"""Properties the formats keep whatever the numbers (no database): placement points always
add up to a full table's, ties or not; a rotation draw seats everyone once at the sizes
asked for; progressive moves keep every table's size and everyone in play."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.placement import placement_points
from tournaments.seating.progressive import moved
from tournaments.seating.rotation import draw, meetings

totals = st.lists(st.integers(min_value=0, max_value=40), min_size=2, max_size=8)


@given(totals, st.booleans())
def test_placement_points_add_up_to_a_full_tables_and_follow_the_totals(values, lower_wins):
    table = dict(enumerate(values))
    points = placement_points(table, lower_wins=lower_wins)
    n = len(values)
    assert sum(points.values()) == n * (n + 1) / 2
    for a in table:
        for b in table:
            if table[a] == table[b]:
                assert points[a] == points[b]
            elif (table[a] < table[b]) == lower_wins:
                assert points[a] > points[b]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=60), st.integers(min_value=2, max_value=8), st.data())
def test_a_rotation_draw_seats_everyone_once_at_the_sizes_asked_for(count, size, data):
    tables, extra = divmod(count, size)
    sizes = [size] * tables + ([extra] if extra else [])
    players = list(range(count))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    earlier = [draw(players, sizes, meetings([]), rng=rng)]
    seating = draw(players, sizes, meetings(earlier), rng=rng)
    assert [len(table) for table in seating] == sizes
    assert sorted(p for table in seating for p in table) == players


@given(st.integers(min_value=1, max_value=6), st.integers(min_value=2, max_value=8), st.data())
def test_progressive_moves_keep_every_tables_size(tables, size, data):
    move = data.draw(st.integers(min_value=1, max_value=size // 2))
    ranked = [[(t, s) for s in range(size)] for t in range(tables)]
    after = moved(ranked, move)
    assert [len(table) for table in after] == [size] * tables
    assert sorted(p for table in after for p in table) == sorted(p for t in ranked for p in t)
    if tables > 1:
        assert set(ranked[0][:move]) <= set(after[0])  # table 1's best stay
        assert set(ranked[-1][-move:]) <= set(after[-1])  # the last table's worst stay
