"""The tournament bench's stage (bench/tournament.py): each table saves a whole game before
it ends, the games end one after another over the stage's second half, the room saves at
the rate asked while every table plays; and the phones ask for the page as a room would."""

from urllib.parse import parse_qs, urlsplit

from bench.tournament import ROUNDS, phone_pages, stage_plan


def test_every_table_saves_a_whole_game_before_it_ends_and_the_ends_come_one_by_one():
    plan = stage_plan(30, 20.0, 60.0)
    ends = [end for _, end in plan]
    assert all(len(saves) >= ROUNDS and max(saves) < end for saves, end in plan)
    assert ends == sorted(ends) and len(set(ends)) == 30
    assert ends[0] >= 30.0 and ends[-1] == 60.0
    while_all_play = [t for saves, _ in plan for t in saves if t < ends[0]]
    assert abs(len(while_all_play) / ends[0] - 20.0) < 1.0


def test_a_short_stage_still_saves_a_whole_game_at_every_table():
    plan = stage_plan(30, 20.0, 10.0)
    assert all(len(saves) >= ROUNDS and max(saves) < end for saves, end in plan)


def test_the_phones_follow_my_table_some_a_band_in_three_languages():
    made = {
        "code": "abc",
        "standings": [{"player": {"id": n}, "band": "60–69"} for n in range(1, 181)],
    }
    pages = phone_pages(made, 180)
    asked = [parse_qs(urlsplit(p["page"]).query) for p in pages]
    assert all(urlsplit(p["page"]).path == "/tournaments/abc/" for p in pages)
    assert sum("me" in q for q in asked) == 150
    assert sum("band" in q for q in asked) == 60 and asked[0]["band"] == ["60–69"]
    assert {p["language"] for p in pages} == {"es", "fr", "en"}
    assert sum(p["language"] == "fr" for p in pages) == 60
    assert phone_pages(made, 10, start=10)[0] == pages[10]
