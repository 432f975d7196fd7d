"""Late entrants and withdrawals through the API (`POST /api/tournaments/<code>/entrants`
and `…/withdrawals`): a staff member's session with its CSRF token enters a late arrival,
who is seated from the next stage, and withdraws a player, who keeps their results and is
not seated again. Anyone else, or a bad request, is refused with a sentence and changes
nothing."""

import pytest
from django.test import Client

from tests.factories import member, register, seated_names, staff_member, stage_games, tournament_of
from tests.tournaments.kit import play_stage
from tournaments.models import Entrant
from tournaments.stages import seat_next_stage

FIRST = ["Ann", "Bob", "Cy", "Hal"]
SECOND = ["Di", "Ed", "Flo"]
BANDS = ["Beginners", "Club"]


@pytest.fixture
def tournament(db):
    new = tournament_of(FIRST, SECOND, table_size=(3, 4), games=3, rounds=1, bands=BANDS)
    return new


@pytest.fixture
def organiser(tournament):
    """A staff member's browser: signed in, with the CSRF token the overview's page set."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff_member("organiser"))
    assert browser.get(f"/tournaments/{tournament.tournament.code}/").status_code == 200
    return browser


def post(browser: Client, code: str, what: str, body: dict, *, token: bool = True):
    headers = {"X-CSRFToken": browser.cookies["csrftoken"].value} if token else {}
    return browser.post(
        f"/api/tournaments/{code}/{what}", body, content_type="application/json", headers=headers
    )


def standing(answer: dict, name: str) -> dict:
    (line,) = [line for line in answer["standings"] if line["player"]["name"] == name]
    return line


def test_a_late_entrant_is_in_the_standings_and_seated_from_the_next_stage(organiser, tournament):
    code = tournament.tournament.code
    answer = post(organiser, code, "entrants", {"name": "Gus", "band": "Club"})

    assert answer.status_code == 200, answer.content
    gus = standing(answer.json(), "Gus")
    assert (gus["band"], gus["rounds"], gus["status"]) == ("Club", 0, "playing")
    assert "Gus" not in {n for g in stage_games(tournament.stage) for n in seated_names(g)}

    play_stage(tournament.stage, {name: [n * 5] for n, name in enumerate(FIRST + SECOND)})
    stage_2 = seat_next_stage(tournament=tournament.tournament).stage
    assert "Gus" in {n for g in stage_games(stage_2) for n in seated_names(g)}


def test_a_withdrawn_player_keeps_their_results_and_is_not_seated_again(organiser, tournament):
    code = tournament.tournament.code
    play_stage(tournament.stage, {name: [n * 5] for n, name in enumerate(FIRST + SECOND)})
    (bob,) = register("Bob")

    answer = post(organiser, code, "withdrawals", {"player": bob.pk})

    assert answer.status_code == 200, answer.content
    line = standing(answer.json(), "Bob")
    # Second of four at table 1 (Ann 0, Bob 5, Cy 10, Hal 15; the lowest total wins): 3 points.
    assert (line["status"], line["rounds"], line["points"]) == ("withdrawn", 1, 3)
    stage_2 = seat_next_stage(tournament=tournament.tournament).stage
    assert "Bob" not in {n for g in stage_games(stage_2) for n in seated_names(g)}


def test_only_a_staff_session_with_its_token_may_change_the_players(organiser, tournament, db):
    code = tournament.tournament.code
    visitor = Client(enforce_csrf_checks=True)
    player = Client(enforce_csrf_checks=True)
    player.force_login(member("member"))

    refused = {
        "no sign-in": visitor.post(
            f"/api/tournaments/{code}/entrants", {"name": "Gus"}, content_type="application/json"
        ),
        "not staff": player.post(
            f"/api/tournaments/{code}/entrants", {"name": "Gus"}, content_type="application/json"
        ),
        "no CSRF token": post(organiser, code, "entrants", {"name": "Gus"}, token=False),
        "unknown code": post(organiser, "nO-sUcH-tOuRnAmEnT", "entrants", {"name": "Gus"}),
    }

    statuses = {why: answer.status_code for why, answer in refused.items()}
    assert statuses == {
        "no sign-in": 401,
        "not staff": 403,
        "no CSRF token": 403,
        "unknown code": 404,
    }
    assert all(answer.json()["detail"].endswith(".") for answer in refused.values())
    assert "sign in" in refused["no sign-in"].json()["detail"]
    assert "CSRF" in refused["no CSRF token"].json()["detail"]
    assert Entrant.objects.count() == 7


@pytest.mark.parametrize(
    "what, body, field",
    [
        ("entrants", {"name": "Ann"}, "name"),  # entered already
        ("entrants", {"name": "Gus", "band": "Juniors"}, "band"),  # no such band
        ("entrants", {"name": "   "}, "name"),
        ("entrants", {"name": "Gus", "seat": 2}, "seat"),
        ("withdrawals", {"player": 999_999}, "player"),
    ],
)
def test_a_bad_request_names_the_field_and_changes_nothing(
    organiser, tournament, what, body, field
):
    answer = post(organiser, tournament.tournament.code, what, body)

    assert answer.status_code == 422, answer.content
    assert set(answer.json()["errors"]) == {field}
    assert field in answer.json()["detail"]
    assert Entrant.objects.count() == 7
    assert not Entrant.objects.filter(withdrawn__isnull=False).exists()


def test_a_player_withdraws_once(organiser, tournament):
    (cy,) = register("Cy")
    code = tournament.tournament.code
    assert post(organiser, code, "withdrawals", {"player": cy.pk}).status_code == 200

    again = post(organiser, code, "withdrawals", {"player": cy.pk})

    assert again.status_code == 422
    assert again.json()["errors"] == {"player": "Cy has already withdrawn."}


def test_the_refusal_speaks_the_readers_language(organiser, tournament):
    answer = organiser.post(
        f"/api/tournaments/{tournament.tournament.code}/entrants",
        {"name": "Ann"},
        content_type="application/json",
        headers={"X-CSRFToken": organiser.cookies["csrftoken"].value, "Accept-Language": "fr"},
    )

    assert answer.status_code == 422
    assert "Ann" in answer.json()["errors"]["name"]
    assert "already" not in answer.json()["errors"]["name"]
