"""Numbers as the reader's language writes them: the win average keeps the club's three
places with a decimal comma in Spanish and French ("0,333", "1,000": never read as a
thousand), ratings and their chart agree ("14,2" in the sentence and on the chart), and
the charts' tick labels follow; English keeps "0.333", and the API keeps plain numbers."""

import re

import pytest

from charts.lines import number_text
from tests.factories import play, register
from tests.stats.tables import body_rows

COMMA_READERS = ["es", "fr"]


def rated_three_games(django_capture_on_commit_callbacks):
    """Ann wins one game of three against Bob; ratings are worked out after each."""
    ann, bob = register("Ann", "Bob")
    with django_capture_on_commit_callbacks(execute=True):
        play("mexican-train", [ann, bob], [[0, 10]])
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            play("mexican-train", [ann, bob], [[10, 0]])
    return ann


def roster_row(client, language: str, name: str) -> list[str]:
    page = client.get("/players/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return next(row for row in body_rows(page, "roster") if row[0] == name)


@pytest.mark.parametrize("language", COMMA_READERS)
def test_the_roster_writes_the_win_average_and_the_rating_with_a_decimal_comma(
    client, db, django_capture_on_commit_callbacks, language
):
    rated_three_games(django_capture_on_commit_callbacks)
    ann, bob = roster_row(client, language, "Ann"), roster_row(client, language, "Bob")

    assert ann[1:4] == ["3", "1", "0,333"]
    assert bob[1:4] == ["3", "2", "0,667"]
    assert re.fullmatch(r"-?\d+,\d", ann[4]), ann[4]
    rules = client.get("/players/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "0,571" in rules and "0.571" not in rules, "the counting rules say it alike"


def test_english_keeps_the_decimal_point(client, db, django_capture_on_commit_callbacks):
    rated_three_games(django_capture_on_commit_callbacks)

    assert roster_row(client, "en", "Ann")[1:4] == ["3", "1", "0.333"]


@pytest.mark.parametrize("language", COMMA_READERS)
def test_the_player_page_its_rating_and_its_charts_write_numbers_alike(
    client, db, django_capture_on_commit_callbacks, language
):
    ann = rated_three_games(django_capture_on_commit_callbacks)

    page = client.get(f"/players/{ann.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert "(0,333)" in page
    assert body_rows(page, "by-ruleset")[0][3] == "0,333"
    shown = re.search(r"<strong>\w+ (-?\d+,\d)</strong>", page).group(1)
    rating_chart = page.split('<svg class="line-chart"', 2)[1]
    assert f'data-final="{shown}"' in rating_chart, "the chart's rating is the sentence's"
    assert f'<tspan class="final">{shown}</tspan>' in rating_chart
    form_chart = page.split('<svg class="line-chart"', 2)[2]
    assert '<tspan class="final">0,333</tspan>' in form_chart
    ticks = re.findall(r'class="tick y-tick"[^>]*>([^<]+)<', form_chart)
    assert ticks[-1] == "1,000" and all("." not in tick for tick in ticks), ticks
    for svg in (rating_chart, form_chart):
        labels = re.findall(r'class="tick [xy]-tick"[^>]*>([^<]+)<', svg)
        assert all(re.fullmatch(r"-?\d+(,\d+)?", label) for label in labels), labels


@pytest.mark.parametrize("language", COMMA_READERS)
def test_a_game_charts_ticks_below_one_point_use_the_comma(client, db, language):
    ann, bob = register("Ann", "Bob")
    game = play("mexican-train", [ann, bob], [[1, 0]], end=False)

    page = client.get(f"/games/{game.code}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    ticks = re.findall(r'class="tick y-tick"[^>]*>([^<]+)<', page)
    assert "0,2" in ticks and all("." not in tick for tick in ticks), ticks


@pytest.mark.parametrize(
    ("language", "value", "places", "text"),
    [("en", 2.5, None, "2.5"), ("fr", 2.5, None, "2,5"), ("es", 14.25, 1, "14,2"),
     ("fr", 20.0, None, "20"), ("es", 0.30000000000000004, None, "0,3"), ("en", 1, 3, "1.000")],
)  # fmt: skip
def test_a_charts_number_is_written_in_the_active_language(language, value, places, text):
    from django.utils import translation

    with translation.override(language):
        assert number_text(value, places) == text


@pytest.mark.parametrize("language", COMMA_READERS)
def test_the_api_keeps_plain_numbers(client, db, language):
    ann, bob = register("Ann", "Bob")
    game = play("mexican-train", [ann, bob], [[1, 0]], end=False)

    answer = client.get(f"/api/games/{game.code}", HTTP_ACCEPT_LANGUAGE=language).json()

    assert [p["total"] for p in answer["players"]] == [1, 0]
