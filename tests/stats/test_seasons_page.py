"""`/seasons/`: everyone sees the club's seasons; staff add one with a name and two days."""

from datetime import timedelta

from django.utils import timezone

from seasons.models import Season
from tests.stats.tables import body_rows


def add(client, name: str, start, end):
    return client.post("/seasons/", {"name": name, "start": str(start), "end": str(end)})


def test_staff_add_a_season_and_it_becomes_the_current_one(staff_client):
    today = timezone.localdate()

    response = add(
        staff_client, "This year", today - timedelta(days=10), today + timedelta(days=10)
    )

    assert response.status_code == 302
    page = staff_client.get("/seasons/").content.decode()
    assert body_rows(page, "seasons")[0][0] == "This year current"
    season = Season.objects.get()
    assert f'href="/players/?season={season.pk}"' in page
    roster = staff_client.get("/players/").content.decode()
    assert "every game of This year" in roster


def test_it_refuses_a_season_overlapping_another_and_changes_nothing(staff_client):
    Season.objects.create(name="2025", start="2025-01-01", end="2025-12-31")

    response = add(staff_client, "Autumn", "2025-09-01", "2026-02-28")

    assert response.status_code == 422
    assert "2025 already covers some of these days" in response.content.decode()
    assert list(Season.objects.values_list("name", flat=True)) == ["2025"]


def test_it_names_dates_the_wrong_way_round(staff_client):
    response = add(staff_client, "Backwards", "2025-12-31", "2025-01-01")

    assert response.status_code == 422
    assert "The last day comes before the first; swap the dates." in response.content.decode()
    assert not Season.objects.exists()


def test_visitors_see_the_seasons_but_cannot_add_one(client, db):
    Season.objects.create(name="2025", start="2025-01-01", end="2025-12-31")

    page = client.get("/seasons/").content.decode()
    refused = add(client, "Mine", "2030-01-01", "2030-12-31")

    assert body_rows(page, "seasons") == [["2025", "Jan 1, 2025", "Dec 31, 2025"]]
    assert "Add a season" not in page
    assert refused.status_code == 403
    assert Season.objects.count() == 1
