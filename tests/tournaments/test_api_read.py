"""`GET /api/tournaments/<code>`: the shape docs/api.md gives ("Tournaments"), and 404
for an unknown code."""

from tests.factories import tournament_of


def test_it_answers_the_tournament_in_designs_shape(db, client):
    new = tournament_of(
        ["Ann", "Bob"], ["Cy", "Di"], table_size=(2, 2), games=2, bands_of={"Ann": "Beginners"}
    )
    answer = client.get(f"/api/tournaments/{new.tournament.code}").json()
    assert answer == {
        "code": new.tournament.code,
        "name": "Spring open",
        "date": new.tournament.date.isoformat(),
        "format": "rotation",
        "status": "seating",
        "ruleset": {"slug": "mexican-train", "variant": None},
        "stages": [
            {
                "number": 1,
                "night": new.stage.night.code,
                "status": "seated",
                "clock": {"started": None, "ends": None},
            }
        ],
        "standings": [
            {
                "player": {"id": p.pk, "name": p.name},
                "band": "Beginners" if p.name == "Ann" else None,
                "place": 1,
                "points": 0,
                "rounds": 0,
                "average": 0.0,
                "rounds_won": 0,
                "status": "playing",
            }
            for table in new.plan.tables
            for p in table
        ],
        "medals": [],
        "apart": [],
        "fixed": [],
    }


def test_an_unknown_code_is_a_404_with_a_sentence(db, client):
    answer = client.get("/api/tournaments/nosuchcode12")
    assert answer.status_code == 404
    assert answer.json() == {
        "detail": "There is no tournament with this code; check the link you were given."
    }


def test_it_reads_a_tournament_in_a_fixed_number_of_queries(
    db, client, django_assert_max_num_queries
):
    names = [f"P{n}" for n in range(1, 25)]
    new = tournament_of(*[names[i : i + 4] for i in range(0, 24, 4)], table_size=(4, 4), games=2)
    with django_assert_max_num_queries(7):
        client.get(f"/api/tournaments/{new.tournament.code}")
