"""The score helpers in the browser (static/js/scoring.js) count exactly as rules/scoring.py.

Every combination below runs through both: the same points, or the same refusal.
The browser is given rules/scoring.py's figures, as the game page gives them.
"""

import itertools
import random

import pytest

from rules.scoring import (
    COMMUNITY_TRAIN,
    InvalidTiles,
    InvalidTurn,
    number_9_turn_points,
    pip_count,
    scoring_figures,
    went_out_by_derailing,
)

pytestmark = [pytest.mark.browser, pytest.mark.layout]

RUN_IN_BROWSER = """async ({fn, cases}) => {
  const scoring = await import("/static/js/scoring.js");
  return cases.map((args) => {
    try {
      const value = scoring[fn](...args);
      return { value: value instanceof Map ? Object.fromEntries(value) : value };
    } catch (error) {
      return { error: error.message };
    }
  });
}"""


@pytest.fixture
def run(new_page):
    page = new_page("/")

    def in_browser(fn: str, cases: list) -> list[dict]:
        return page.evaluate(RUN_IN_BROWSER, {"fn": fn, "cases": cases})

    return in_browser


def in_python(fn, *args, **kwargs) -> dict:
    try:
        value = fn(*args, **kwargs)
    except (InvalidTurn, InvalidTiles) as exc:
        return {"error": str(exc)}
    if isinstance(value, dict):
        value = {str(k): v for k, v in value.items()}
    return {"value": value}


def test_it_counts_pips_like_the_rules(run):
    rng = random.Random(9)
    tiles = [(a, b) for b in range(13) for a in range(b + 1)]
    hands = [rng.sample(tiles, rng.randint(0, 15)) for _ in range(60)] + [[(0, 0)], [(-1, 3)]]
    cases = [(hand, blank) for hand in hands for blank in (0, 50)]
    browser = run("pipCount", [[hand, {"doubleBlank": blank}] for hand, blank in cases])
    python = [in_python(pip_count, hand, double_blank=blank) for hand, blank in cases]
    assert browser == python


def test_it_scores_number_9_turns_like_the_rules(run):
    cases = [
        dict(
            zip(
                ("variant", "dominoes", "hub", "double", "slam", "sweep", "captured"),
                c,
                strict=True,
            )
        )
        for c in itertools.product(
            (None, "standard", "tournament", "blitz"),
            (0, 1, 2, 5),
            (False, True),
            (False, True),
            (False, True),
            (None, "hub", "train"),
            (0, 7, -1),
        )
    ]
    browser = run(
        "number9TurnPoints",
        [
            [
                {
                    "variant": c["variant"],
                    "dominoes": c["dominoes"],
                    "startedTrainAtHub": c["hub"],
                    "startingDouble": c["double"],
                    "grandSlam": c["slam"],
                    "sweepFrom": c["sweep"],
                    "captured": c["captured"],
                },
                scoring_figures(),
            ]
            for c in cases
        ],
    )
    python = [
        in_python(
            number_9_turn_points,
            variant=c["variant"],
            dominoes=c["dominoes"],
            started_train_at_hub=c["hub"],
            starting_double=c["double"],
            grand_slam=c["slam"],
            sweep_from=c["sweep"],
            captured=c["captured"],
        )
        for c in cases
    ]
    assert browser == python
    assert {"value": 2 * 11 + 5 + 5 + 25 + 7} in browser  # a grand slam is in there


def test_it_adds_derailing_points_like_the_rules(run):
    seated = [11, 12, 13]
    cases = list(
        itertools.product(
            (11, 12, 99),
            (11, 12, 13, COMMUNITY_TRAIN, 98),
            ((6, 6), (0, 0), (12, 12), (3, 4)),
            (False, True),
        )
    )
    browser = run(
        "wentOutByDerailing",
        [
            [
                seated,
                {"wentOut": w, "derailed": d, "lastTile": list(t), "doubledOut": o},
                scoring_figures(),
            ]
            for w, d, t, o in cases
        ],
    )
    python = [
        in_python(went_out_by_derailing, seated, went_out=w, derailed=d, last_tile=t, doubled_out=o)
        for w, d, t, o in cases
    ]
    assert browser == python
