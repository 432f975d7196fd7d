"""A player's page lists the nights they played: the night, their table, their place."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import finish, night_of, register


def test_it_lists_each_night_with_the_table_and_the_place_there(client, db):
    ann, bob, cy, dee, eve = register("Ann", "Bob", "Cy", "Dee", "Eve")
    first = night_of([ann, bob, cy], [dee, eve]).night
    finish(first.tables.get(position=1).game, [10, 0, 30])
    second = night_of([dee, ann], [bob, cy, eve]).night
    second.name = "Friday cup"
    second.save()

    page = client.get(f"/players/{ann.pk}/?season=all").content.decode()

    nights = page.split('id="nights-heading"')[1].split("</section>")[0]
    assert nights.index("Friday cup") < nights.index("Tuesday club"), "newest first"
    assert f'href="/nights/{first.code}/"' in nights
    assert "Table 1</a>" in nights and "2nd at the table with 10" in nights
    assert 'Table 1</a>\n      <span class="tag live">live</span>' in nights


def test_it_says_so_when_a_player_has_played_no_night(client, db):
    (ann,) = register("Ann")
    page = client.get(f"/players/{ann.pk}/").content.decode()
    assert "Ann has not played at a game night counted here yet." in page


def test_it_reads_the_page_in_as_many_queries_with_five_nights_as_with_one(
    client, db, django_assert_num_queries
):
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")

    def a_night():
        night = night_of([ann, bob], [cy, dee]).night
        for table in night.tables.all():
            finish(table.game, [0, 10])

    a_night()
    url = f"/players/{ann.pk}/?season=all"
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for _ in range(4):
        a_night()

    with django_assert_num_queries(len(one)):
        page = client.get(url).content.decode()
    assert page.count("1st at the table with 0") == 5
