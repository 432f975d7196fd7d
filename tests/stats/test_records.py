"""A player's records per ruleset against values worked out by hand from a few games:
best total (by the ruleset's direction), rounds gone out, longest winning streak, and
head to head with each opponent."""

from datetime import datetime, timedelta

from django.utils import timezone

from tests.factories import play, register
from tests.stats.tables import body_rows

START = timezone.make_aware(datetime(2025, 3, 1, 20, 0))


def test_it_keeps_each_record_as_worked_out_by_hand(client, db):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    games = [
        # (ruleset, seated, rounds)                           Ann's total, won?
        ("mexican-train", [ann, bob], [[0, 10], [3, 8]]),  # 3, won
        ("mexican-train", [ann, bob, cy], [[0, 9, 4], [0, 2, 6]]),  # 0, won
        ("mexican-train", [ann, cy], [[12, 0]]),  # 12, lost to Cy
        ("mexican-train", [ann, bob], [[0, 5]]),  # 0, won
        ("mexican-train", [ann, bob], [[1, 6]]),  # 1, won
        ("mexican-train", [ann, bob, cy], [[2, 9, 9]]),  # 2, won: a streak of 3
        ("number-9", [ann, bob], [[20, 10]]),  # 20, won
        ("number-9", [ann, bob], [[15, 40]]),  # 15, lost
        ("number-9", [ann, cy], [[35, 10]]),  # 35, won: best, highest wins
    ]
    for day, (ruleset, seated, rounds) in enumerate(games):
        play(ruleset, seated, rounds, when=START + timedelta(days=day))

    page = client.get(f"/players/{ann.pk}/?season=all").content.decode()
    rows = {row[0]: row for row in body_rows(page, "by-ruleset")}

    mexican = rows["Mexican Train"]
    assert mexican[1:4] == ["6", "5", "0.833"]
    assert mexican[5] == "4 of 8"  # rounds on 0: games 1, 2 (twice) and 4
    assert mexican[6].startswith("0 ")  # lowest total is best
    assert mexican[7].startswith("12 ")
    assert mexican[8] == "3"  # games 4-6
    number_9 = rows["Number 9 Train"]
    assert number_9[5] == "—"  # nobody goes out on 0 where points are earned
    assert number_9[6].startswith("35 ") and number_9[7].startswith("15 ")
    assert number_9[8] == "1"

    assert body_rows(page, "head-to-head") == [
        # opponent, together, Ann ahead, opponent ahead, Ann's wins, opponent's wins
        ["Bob", "7", "6", "1", "6", "1"],
        ["Cy", "4", "3", "1", "3", "1"],
    ]
