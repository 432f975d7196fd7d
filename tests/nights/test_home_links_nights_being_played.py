"""The home page links the nights being played (and their wall screens); staff can start one."""

from tests.factories import finish, night_of, numbered


def test_it_links_nights_with_a_table_still_playing_and_not_finished_ones(client, db):
    playing = night_of(numbered(2, "A"), numbered(2, "B")).night
    finish(playing.tables.get(position=1).game, [0, 5])
    done = night_of(numbered(2, "C")).night
    done.name = "Last week"
    done.save()
    finish(done.tables.get().game, [3, 1])

    page = client.get("/").content.decode()

    assert "Game nights being played" in page
    assert f'href="/nights/{playing.code}/"' in page
    assert f'href="/nights/{playing.code}/screen/"' in page
    assert "Last week" not in page
    assert 'href="/nights/new/"' not in page, "only staff start nights"


def test_staff_find_start_a_night_on_the_home_page_and_the_history(staff_client):
    assert 'href="/nights/new/"' in staff_client.get("/").content.decode()
    assert 'href="/nights/new/"' in staff_client.get("/games/").content.decode()
