"""A late arrival in a heats-final: once the heats are seated every finalist must come
through one, so they are refused with a sentence (rotation and progressive seat them from
the next stage: tests/tournaments/test_api_entrants_and_withdrawals.py)."""

import pytest

from core.rejections import Rejected
from tests.factories import register, tournament_of
from tournaments.entrants import add_entrant
from tournaments.models import Entrant


def test_a_late_arrival_after_the_heats_are_seated_is_refused_with_a_sentence(db):
    heats = tournament_of(
        ["A1", "A2", "A3"], ["B1", "B2", "B3"], format="heats-final", table_size=(3, 3)
    )
    (gus,) = register("Gus")

    with pytest.raises(Rejected) as refused:
        add_entrant(tournament=heats.tournament, player=gus)

    assert refused.value.errors == {
        "player": "The heats are already seated, so Gus cannot join: every finalist must "
        "come through a heat. Enter them in the next tournament."
    }
    assert not Entrant.objects.filter(player=gus).exists()
