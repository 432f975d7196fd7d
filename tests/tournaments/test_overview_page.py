"""The overview page: stages with their nights, standings with a band filter, medals once
finished; staff see the buttons to seat the next stage (drawn and shown first), start a
stage's clock, enter late arrivals and withdraw players."""

import re

import pytest

from tests.factories import register, stage_games, tournament_of
from tests.tournaments.kit import play_stage
from tournaments.models import Entrant
from tournaments.stages import seat_next_stage

BANDS = {"A1": "60–69", "A2": "70–79", "B1": "60–69", "B2": "70–79"}


@pytest.fixture
def small(db):
    """Rotation, two games, four players at two tables of two."""
    return tournament_of(
        ["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2, rounds=1, bands_of=BANDS,
        bands=["60–69", "70–79"],
    )  # fmt: skip


def rows(html: str) -> list[list[str]]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_band_filter_shows_each_bands_own_places(small, client):
    play_stage(small.stage, {"A1": [5], "A2": [0], "B1": [9], "B2": [1]})
    page = client.get(f"/tournaments/{small.tournament.code}/").content.decode()
    # A2 and B2 won their tables (2 points each): A2's average (0) beats B2's (1).
    assert [r[:2] for r in rows(page)] == [["1", "A2"], ["2", "B2"], ["3", "A1"], ["4", "B1"]]

    page = client.get(f"/tournaments/{small.tournament.code}/?band=60–69").content.decode()
    assert "Standings in 60–69" in page
    # A1 and B1 were both 2nd at their tables: level on points; A1's average is lower.
    assert [r[:4] for r in rows(page)] == [["1", "A1", "60–69", "1"], ["2", "B1", "60–69", "1"]]


def test_an_unknown_band_is_named_and_everyone_shown(small, client):
    answer = client.get(f"/tournaments/{small.tournament.code}/?band=90%2B")
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "There is no band called &#x27;90+&#x27; here; pick one from the list." in page
    assert len(rows(page)) == 4


def test_medals_per_band_show_once_the_tournament_is_finished(small, client):
    scores = {"A1": [5], "A2": [0], "B1": [9], "B2": [1]}
    play_stage(small.stage, scores)
    assert "Medals" not in client.get(f"/tournaments/{small.tournament.code}/").content.decode()
    tables = [register("A1", "B1"), register("A2", "B2")]
    second = seat_next_stage(
        tournament=small.tournament, seats=[[p.pk for p in table] for table in tables]
    )
    play_stage(second.stage, scores)
    page = client.get(f"/tournaments/{small.tournament.code}/").content.decode()
    medals = page.split('id="medals-heading"', 1)[1].split('id="stages-heading"', 1)[0]
    groups = re.findall(r"<h3>(.*?)</h3>(.*?)</ol>", medals, re.S)
    won = {
        title: [
            re.sub(r"<[^>]+>", "", m).strip()
            for m in re.findall(r"<li[^>]*>(.*?)</li>", body, re.S)
        ]
        for title, body in groups
    }
    # A2 won both games (4 points); B2 and A1 won one each (3 points), B2 with the lower
    # average (1 a round, A1's 5); B1 won none (2 points).
    assert won == {
        "Overall": ["Gold A2", "Silver B2", "Bronze A1"],
        "60–69": ["Gold A1", "Silver B1"],
        "70–79": ["Gold A2", "Silver B2"],
    }


def test_visitors_see_no_staff_buttons(small, client):
    page = client.get(f"/tournaments/{small.tournament.code}/").content.decode()
    assert "Start the clock" not in page
    assert "Late arrivals and withdrawals" not in page


def test_staff_draw_the_next_stage_see_it_and_confirm_it(small, admin_client):
    code = small.tournament.code
    page = admin_client.get(f"/tournaments/{code}/").content.decode()
    assert "Start the clock of Game 1" in page
    assert "Draw the next stage" not in page  # game 1 is still being played
    play_stage(small.stage, {"A1": [5], "A2": [0], "B1": [9], "B2": [1]})

    shown = admin_client.post(f"/tournaments/{code}/next/", {"step": "draw"}).content.decode()
    assert "Seats for Game 2" in shown
    hidden = dict(re.findall(r'name="(table-\d)" value="([\d,]*)"', shown))
    assert len(hidden) == 2
    answer = admin_client.post(f"/tournaments/{code}/next/", {"step": "confirm", **hidden})

    stage = small.tournament.stages.get(number=2)
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{code}/#stages"
    ids = [[int(i) for i in hidden[f"table-{n}"].split(",")] for n in (1, 2)]
    assert [[s.player_id for s in g.seats.all()] for g in stage_games(stage)] == ids


def test_staff_enter_a_late_arrival_and_withdraw_a_player(small, admin_client):
    code = small.tournament.code
    admin_client.post(f"/tournaments/{code}/entrants/", {"name": "Latecomer", "band": "70–79"})
    late = Entrant.objects.get(player__name="Latecomer")
    assert (late.joins, late.band) == (2, "70–79")
    a1 = register("A1")[0]
    admin_client.post(f"/tournaments/{code}/withdrawals/", {"player": a1.pk, "step": "confirm"})
    assert Entrant.objects.get(player=a1).withdrawn is not None
    page = admin_client.get(f"/tournaments/{code}/").content.decode()
    assert [r[-1] for r in rows(page) if r[1] == "A1"] == ["withdrawn"]


def test_staff_start_a_stages_clock(db, admin_client):
    new = tournament_of(["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2, minutes=30)
    answer = admin_client.post(f"/tournaments/{new.tournament.code}/stages/1/clock/", follow=True)
    assert "The clock is running." in answer.content.decode()
    new.stage.refresh_from_db()
    assert (new.stage.ends - new.stage.started).total_seconds() == 30 * 60
    assert all(g.deadline == new.stage.ends for g in stage_games(new.stage))


@pytest.mark.parametrize("tables", [2, 6])
def test_the_overview_reads_in_a_fixed_number_of_queries(
    db, client, admin_user, django_assert_max_num_queries, tables
):
    names = [f"P{n}" for n in range(1, 4 * tables + 1)]
    new = tournament_of(
        *[names[i : i + 4] for i in range(0, len(names), 4)], table_size=(4, 4), games=2
    )
    play_stage(new.stage, {name: [n] for n, name in enumerate(names)})
    seat_next_stage(tournament=new.tournament)
    # The tournament, its entrants, its stages, their tables, the seats, the rounds with
    # their scores, and whether a clock ran out: however many tables.
    with django_assert_max_num_queries(7):
        assert client.get(f"/tournaments/{new.tournament.code}/").status_code == 200
    client.force_login(admin_user)
    with django_assert_max_num_queries(9):  # and the session with its staff member
        assert client.get(f"/tournaments/{new.tournament.code}/").status_code == 200


def test_an_unknown_tournament_is_a_404(db, client):
    assert client.get("/tournaments/nosuchcode12/").status_code == 404
