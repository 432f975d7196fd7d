"""A win over seven players is worth more than a win over one."""

from ratings.models import Rating
from tests.factories import play, register


def test_a_win_over_seven_players_moves_a_rating_more_than_a_win_over_one(
    db, django_capture_on_commit_callbacks
):
    seven = register("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    pair = register("Ivy", "Jo")
    with django_capture_on_commit_callbacks(execute=True):
        play("mexican-train", seven, [[0, 5, 6, 7, 8, 9, 10, 11]])
        play("mexican-train", pair, [[0, 5]])

    big = Rating.objects.get(player__name="Ann")
    small = Rating.objects.get(player__name="Ivy")
    assert big.change > small.change > 0
    assert Rating.objects.get(player__name="Jo").change < 0


def test_level_totals_share_the_place(db, django_capture_on_commit_callbacks):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    with django_capture_on_commit_callbacks(execute=True):
        play("mexican-train", [ann, bob, cy], [[3, 3, 20]])

    rated = {r.player.name: r.shown for r in Rating.objects.select_related("player")}
    assert rated["Ann"] == rated["Bob"] > rated["Cy"]


def test_in_number_9_the_highest_total_gains(db, django_capture_on_commit_callbacks):
    ann, bob = register("Ann", "Bob")
    with django_capture_on_commit_callbacks(execute=True):
        play("number-9", [ann, bob], [[30, 5]])

    assert Rating.objects.get(player=ann).change > 0 > Rating.objects.get(player=bob).change
