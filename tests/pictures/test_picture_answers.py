"""How the picture is answered: 404 for a code no event has, an ETag a reader's cache can
ask with (304 while nothing changed), a new picture once a round is corrected, and the
state a game still playing is in."""

import pytest
from django.utils import translation

from pictures.drawing import draw
from tests.factories import make_game, save_round
from tests.pictures.events import EVENTS, picture_path, result_of
from tests.pictures.reading import open_png, reads


@pytest.mark.parametrize("folder", ["games", "nights", "tournaments"])
def test_a_code_no_event_has_is_not_found(client, db, folder):
    answer = client.get(f"/{folder}/NoSuchCode42/result.png")
    assert answer.status_code == 404


@pytest.fixture
def playing(db):
    """Ann, Bob and Cy after two rounds of Mexican Train: Ann 10, Bob 30, Cy 45."""
    game = make_game(ruleset="mexican-train", variant=None).game
    save_round(game, 1, [0, 20, 25], engine=12)
    save_round(game, 2, [10, 10, 20], engine=11)
    return game


def test_a_reader_who_has_the_picture_gets_304_until_a_round_is_corrected(client, playing):
    path = f"/games/{playing.code}/result.png"
    first = client.get(path)
    assert first.status_code == 200
    assert first["Cache-Control"] == "public, max-age=60"
    assert "Accept-Language" in first["Vary"]

    again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]

    save_round(playing, 1, [40, 20, 25], engine=12)  # round 1 corrected: Ann 50, Bob 30, Cy 45

    corrected = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert corrected.status_code == 200
    assert corrected["ETag"] != first["ETag"]
    assert corrected.content != first.content
    texts = {text.text: text for text in draw(result_of("game", playing)).texts}
    picture = open_png(corrected.content)
    assert reads(picture, texts["50"]) > 0.97  # Ann's new total
    assert "10" not in texts  # her old one is gone


def test_each_language_has_its_own_picture_and_etag(client, playing):
    path = f"/games/{playing.code}/result.png"
    english = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    spanish = client.get(path, HTTP_ACCEPT_LANGUAGE="es")
    assert english["ETag"] != spanish["ETag"]
    assert (
        client.get(path, HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=english["ETag"]).status_code
        == 200
    )
    client.cookies["django_language"] = "fr"
    french = client.get(path)
    assert french["Content-Language"] == "fr"
    assert french["ETag"] not in (english["ETag"], spanish["ETag"])


@pytest.mark.parametrize(
    ("language", "state"),
    [("en", "After round 2 · live"), ("es", "Tras la ronda 2 · en directo"),
     ("fr", "Après la manche 2 · en direct")],
)  # fmt: skip
def test_a_game_still_playing_says_after_which_round_it_is_live(client, playing, language, state):
    answer = client.get(f"/games/{playing.code}/result.png", HTTP_ACCEPT_LANGUAGE=language)
    with translation.override(language):
        texts = {text.text: text for text in draw(result_of("game", playing)).texts}
    assert reads(open_png(answer.content), texts[state]) > 0.97


@pytest.mark.parametrize(("kind", "most"), [("game", 3), ("night", 4), ("rotation", 6)])
def test_a_picture_reads_its_event_in_a_fixed_number_of_queries(
    client, db, django_assert_max_num_queries, kind, most
):
    event = EVENTS[kind]()
    with django_assert_max_num_queries(most):
        assert client.get(picture_path(kind, event)).status_code == 200


def test_events_with_nothing_played_yet_still_have_a_picture(client, db):
    """Just started: the standings at nought, "Live" in the corner, no chart."""
    from tests.factories import night_of_sizes, numbered, tournament_of

    game = make_game().game
    night = night_of_sizes(4, 4, 3).night
    tournament = tournament_of(numbered(4, "A"), numbered(4, "B"), table_size=(4, 4), games=2)
    for path in (
        f"/games/{game.code}/result.png",
        f"/nights/{night.code}/result.png",
        f"/tournaments/{tournament.tournament.code}/result.png",
    ):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert open_png(answer.content).size == (1200, 630)
    drawn = draw(result_of("game", game))
    assert "Live" in {text.text for text in drawn.texts}
    assert "Running totals" not in {text.text for text in drawn.texts}
