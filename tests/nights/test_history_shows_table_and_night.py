"""The games history names a night's game by its table and its night."""

from tests.factories import finish, night_of, register
from tests.stats.tables import body_rows


def test_it_shows_each_tables_label_and_links_its_night(client, db):
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")
    night = night_of([ann, bob], [cy, dee]).night
    finish(night.tables.get(position=1).game, [0, 10])

    page = client.get("/games/?season=all").content.decode()

    games = sorted(row[1] for row in body_rows(page, "history"))
    assert games == [
        "Mexican Train · Table 1 of Tuesday club",
        "Mexican Train · Table 2 of Tuesday club",
    ]
    assert page.count(f'href="/nights/{night.code}/"') == 2
