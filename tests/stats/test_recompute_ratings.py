"""Ratings follow the finished games: rated as a game ends, taken back as it reopens,
and `manage.py recomputeratings` gives the same numbers every time."""

from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone

from games.scorekeeping import end_game, reopen_game
from ratings.models import Rating
from tests.factories import KEEPER, play, register
from tests.stats.season import import_season


def numbers() -> list[tuple]:
    return list(
        Rating.objects.order_by("at", "game_id", "player_id").values_list(
            "game_id", "player_id", "mu", "sigma", "shown", "change"
        )
    )


def test_recomputing_twice_gives_identical_numbers(
    db, tmp_path, capsys, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_season(tmp_path)
    as_imported = numbers()

    call_command("recomputeratings")
    first = numbers()
    call_command("recomputeratings")

    assert numbers() == first == as_imported
    assert "Rated 14 finished games." in capsys.readouterr().out


def test_an_older_game_ended_later_is_rated_in_its_place(db, django_capture_on_commit_callbacks):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        play("mexican-train", [ann, bob], [[0, 9]], when=now)
    alone = Rating.objects.get(player=bob).shown
    with django_capture_on_commit_callbacks(execute=True):
        play("mexican-train", [bob, cy], [[0, 9]], when=now - timedelta(days=7))
    in_step = numbers()

    call_command("recomputeratings")

    assert numbers() == in_step
    first, second = Rating.objects.filter(player=bob)
    assert first.game.created < now - timedelta(days=6)
    assert second.shown > alone  # the loss to Ann now comes after a win over Cy


def test_a_reopened_game_stops_counting_and_counts_again_when_ended(
    db, django_capture_on_commit_callbacks
):
    ann, bob = register("Ann", "Bob")
    with django_capture_on_commit_callbacks(execute=True):
        game = play("mexican-train", [ann, bob], [[0, 9]])
    assert Rating.objects.filter(game=game).count() == 2

    with django_capture_on_commit_callbacks(execute=True):
        game = reopen_game(game=game, actor=KEEPER).game
    assert not Rating.objects.filter(game=game).exists()

    with django_capture_on_commit_callbacks(execute=True):
        end_game(game=game, version=game.version, actor=KEEPER)
    assert Rating.objects.filter(game=game).count() == 2
