"""The night page and the wall screen read as many queries for six tables as for one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_night, numbered, play_rounds


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def night(tables: int):
    new = make_night(players=numbered(4 * tables, f"N{tables}-"), tables=tables)
    for table in new.tables:
        play_rounds(table.game, 3)
    return new.night


@pytest.mark.parametrize("page", ["/nights/{}/", "/nights/{}/screen/"])
@pytest.mark.parametrize("who", ["visitor", "staff"])
def test_it_reads_six_tables_in_as_many_queries_as_one(
    client, staff, django_assert_num_queries, page, who
):
    if who == "staff":
        client.force_login(staff)
    one = queries_for(client, page.format(night(1).code))
    six = night(6)

    with django_assert_num_queries(one):
        answer = client.get(page.format(six.code))
    assert answer.content.decode().count('class="board"') == 6
