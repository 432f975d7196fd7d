"""The imported season, rated: a regular winner ranks above a one-game winner."""

from players.models import Player
from ratings.models import Rating
from tests.stats.season import NIGHTS, import_season
from tests.stats.tables import body_rows


def latest(name: str) -> Rating:
    return Rating.objects.filter(player__name=name).order_by("at", "game_id").last()


def test_it_ranks_dave_above_devin_once_the_season_is_imported(
    db, tmp_path, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_season(tmp_path)

    assert Rating.objects.values("game").distinct().count() == len(NIGHTS)
    assert latest("Dave").shown > latest("Devin").shown
    assert latest("Dave").shown > latest("Mitch").shown
    assert latest("Neil").shown < latest("Devin").shown


def test_it_rates_imported_games_in_the_order_they_were_played(
    db, tmp_path, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_season(tmp_path)
    dave = Player.objects.get(name="Dave")

    days = [r.game.created.date().isoformat() for r in dave.ratings.select_related("game")]

    assert days == [day for day, _, _ in NIGHTS]
    first = dave.ratings.first()
    assert first.change == first.shown  # everyone starts at 0


def test_the_roster_sorted_by_rating_puts_dave_first_and_devin_below(
    client, db, tmp_path, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_season(tmp_path)

    rows = body_rows(client.get("/players/?sort=-rating").content.decode(), "roster")
    ratings = {name: float(rating) for name, _, _, _, rating in rows}

    assert [row[0] for row in rows][0] == "Dave"
    assert list(ratings.values()) == sorted(ratings.values(), reverse=True)
    assert ratings["Dave"] > ratings["Devin"]
    assert ratings["Devin"] == round(latest("Devin").shown, 1)
    by_avg = body_rows(client.get("/players/?sort=-avg").content.decode(), "roster")
    assert [row[0] for row in by_avg[:2]] == ["Angie", "Devin"]  # the old order, one click away
