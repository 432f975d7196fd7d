"""A reload of the overview (or a newcomer opening it) at 240 entrants reads a fixed number
of queries, and a finished stage's result is kept rather than read from every board again
(tournaments/selectors.py), yet never stale: a finished game reopened and played again
shows in the standings. Its server time is measured in bench/overview.py."""

import re

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games.models import Score
from games.scorekeeping import reopen_game
from tests.factories import KEEPER, end, play_out, stage_games, tournament_of
from tests.tournaments.kit import lines_of, play_stage, read
from tournaments.models import Tournament
from tournaments.stages import seat_next_stage

ENTRANTS = 240
BANDS = ["60–69", "70–79", "80+"]


@pytest.fixture
def played(db):
    """240 entrants at 40 tables of 6 in three bands, 3 games played, game 4 seated."""
    names = [f"Entrant {n}" for n in range(1, ENTRANTS + 1)]
    new = tournament_of(
        *[names[i : i + 6] for i in range(0, ENTRANTS, 6)], table_size=(4, 6), games=5,
        rounds=1, bands=BANDS, bands_of={name: BANDS[n % 3] for n, name in enumerate(names)},
    )  # fmt: skip
    stage = new.stage
    for number in range(3):
        play_stage(stage, {name: [(n * 7 + number) % 40] for n, name in enumerate(names)})
        stage = seat_next_stage(tournament=new.tournament).stage
    return new.tournament


def boards_read(queries) -> int:
    """How many games' rounds a request read (the ids in its one query of rounds)."""
    reads = [q["sql"] for q in queries if 'FROM "games_round"' in q["sql"]]
    assert len(reads) == 1, reads
    return len(re.search(r"game_id\" IN \(([^)]*)\)", reads[0]).group(1).split(","))


def standings_of(answer) -> str:
    page = answer.content.decode()
    return page[page.index('<table class="tournament-standings">') : page.index("</table>")]


def test_the_overview_at_240_entrants_reads_at_most_30_queries(
    played, client, django_assert_max_num_queries
):
    code = played.code
    me = played.entrants.first().player_id
    for path in (f"/tournaments/{code}/", f"/tournaments/{code}/?me={me}",
                 f"/tournaments/{code}/?band=70–79"):  # fmt: skip
        with django_assert_max_num_queries(30):
            answer = client.get(path)
        assert answer.status_code == 200
        assert "Entrant 1" in answer.content.decode()


def test_a_reload_reads_only_the_boards_of_the_stage_being_played(played, client):
    code = played.code
    with CaptureQueriesContext(connection) as first:
        first_page = standings_of(client.get(f"/tournaments/{code}/"))
    with CaptureQueriesContext(connection) as again:
        assert standings_of(client.get(f"/tournaments/{code}/")) == first_page
    # The first read ranks the 3 games played at 40 tables, and game 4's; a reload (or any
    # phone after it) reads game 4's 40 boards only, and shows the very same standings.
    assert boards_read(first.captured_queries) == 4 * 40
    assert boards_read(again.captured_queries) == 40


def test_a_finished_game_played_again_changes_the_standings(db, client):
    new = tournament_of(["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2, rounds=3)
    play_stage(new.stage, {"A1": [5, 5], "A2": [0, 0], "B1": [1, 1], "B2": [2, 2]})
    code = new.tournament.code
    before = lines_of(read(client, code))
    page_before = standings_of(client.get(f"/tournaments/{code}/"))  # its result kept

    game = stage_games(new.stage)[0]
    reopen_game(game=game, actor=KEEPER)
    play_out(game, [0, 30], end=False)
    end(game)

    after = lines_of(read(client, code))
    assert after != before
    assert {line[0]: line[3] for line in after}["A1"] == 3  # a third round counted
    page_after = standings_of(client.get(f"/tournaments/{code}/"))
    assert page_after != page_before
    a1 = re.search(r"<th scope=\"row\">A1</th>(.*?)</tr>", page_after, re.S).group(1)
    assert re.findall(r'<td class="number">([^<]*)</td>', a1)[1] == "3"  # rounds


def test_databases_sharing_one_cache_keep_their_tournaments_apart(db, client):
    """Two databases on one Redis (CI's test workers, or two clubs) each have a tournament
    with primary key 1 and games at version 1: what one keeps must not show in the other.
    The second is this tournament after its code and scores change behind the app's back,
    its primary keys and versions the same."""
    new = tournament_of(["A1", "A2"], ["B1", "B2"], table_size=(2, 2), games=2, rounds=3)
    play_stage(new.stage, {"A1": [5, 5], "A2": [0, 0], "B1": [1, 1], "B2": [2, 2]})
    first = standings_of(client.get(f"/tournaments/{new.tournament.code}/"))  # kept
    Score.objects.filter(round__game__in=stage_games(new.stage)).update(points=F("points") + 7)
    Tournament.objects.filter(pk=new.tournament.pk).update(code="other-database")

    other = standings_of(client.get("/tournaments/other-database/"))
    assert other != first
    a1 = re.search(r"<th scope=\"row\">A1</th>(.*?)</tr>", other, re.S).group(1)
    average = re.findall(r'<td class="number">([^<]*)</td>', a1)[2]
    assert average == "12.0"  # 5 + 7 a round
