"""The result picture of a finished game, night, rotation and heats-final, asked for in
English, Spanish and French: a 1200×630 PNG on which every player's name reads back where
it was drawn (whole, or in its short form where it does not fit), and the state and facts
in the reader's language, with no character the font lacks (tests/pictures/reading.py)."""

import pytest
from django.utils import translation

from pictures.drawing import draw, short_form
from tests.pictures.events import EVENTS, MORE, NAMES, picture_path, result_of
from tests.pictures.reading import missing_glyphs, open_png, reads

FINAL = {"en": "Final result", "es": "Resultado final", "fr": "Résultat final"}
THREE_ROUNDS = {"en": "3 rounds", "es": "3 rondas", "fr": "3 manches"}
READS_AT_LEAST = 0.97
"""The share of ink two drawings of the same words share (antialiasing differs a hair on
the leader's band); another name, or an empty box, shares far less."""


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("kind", list(EVENTS))
def test_every_name_reads_back_from_the_picture_in_the_readers_language(client, db, kind, language):
    event = EVENTS[kind]()

    answer = client.get(picture_path(kind, event), HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/png"
    picture = open_png(answer.content)
    assert picture.size == (1200, 630)
    with translation.override(language):
        drawn = draw(result_of(kind, event))
    assert drawn.png == answer.content  # what the tests read is what was served
    texts = {text.text: text for text in drawn.texts}
    for name in (*NAMES, *MORE) if kind != "game" else NAMES:
        text = texts.get(name) or texts.get(short_form(name))
        assert text is not None, f"{name} is not on the {kind}'s picture: {sorted(texts)}"
        assert reads(picture, text) >= READS_AT_LEAST, f"{name} does not read back"
    assert reads(picture, texts[FINAL[language]]) >= READS_AT_LEAST
    if kind == "game":
        (facts,) = [text for text in drawn.texts if THREE_ROUNDS[language] in text.text]
        assert reads(picture, facts) >= READS_AT_LEAST
    for text in drawn.texts:
        assert missing_glyphs(text) == set(), f"{text.text!r} would show empty boxes"


def test_names_are_whole_where_they_fit(client, db):
    """Four players and a chart: every name, Ngozi Adeyemi-Okafor's too, is whole."""
    game = EVENTS["game"]()
    drawn = draw(result_of("game", game))
    assert set(NAMES) <= {text.text for text in drawn.texts}


def test_a_name_that_cannot_fit_is_drawn_in_its_short_form():
    assert short_form("Ngozi Adeyemi-Okafor") == "Ngozi A.-O."
    assert short_form("Siobhán Ní Bhriain") == "Siobhán N. B."
    assert short_form("María-José") == "María-José"


def test_the_glyph_check_finds_a_character_the_font_lacks():
    """The check can fail: DejaVu Sans has no Chinese, so 李 would be an empty box."""
    from pictures.drawing import Text

    assert missing_glyphs(Text("李小龍", 0, 0, 30, False)) == {"李", "小", "龍"}
    assert missing_glyphs(Text("Przemysław Дмитрий Σοφία", 0, 0, 30, True)) == set()


def test_another_name_does_not_read_back_where_one_was_drawn(client, db):
    """The read-back tells names apart: María-José's place does not read as Ólafur."""
    from dataclasses import replace

    game = EVENTS["game"]()
    answer = client.get(picture_path("game", game))
    drawn = draw(result_of("game", game))
    (winner,) = [text for text in drawn.texts if text.text == "María-José"]
    picture = open_png(answer.content)
    assert reads(picture, winner) >= READS_AT_LEAST
    assert reads(picture, replace(winner, text="Ólafur")) < 0.5


def test_only_a_name_too_long_for_its_column_is_shortened():
    """24 players in three columns: the one name that fits at no size is drawn in its short
    form; every other name is whole."""
    from pictures.result import Group, Placed, Result

    longest = "Ngozi Adeyemi-Okafor Oluwaseun Chukwuemeka"
    names = [longest, *NAMES, *MORE, *(f"Player {n}" for n in range(15))]
    lines = tuple(Placed(place=n, name=name, score=str(90 - n)) for n, name in enumerate(names, 1))
    result = Result(language="en", club="Club", title="Open", facts=("Sat 1 May 2027",),
                    state="Final result", groups=(Group(label="", lines=lines),))  # fmt: skip

    drawn = {text.text for text in draw(result).texts}

    assert short_form(longest) == "Ngozi A.-O. O. C."
    assert short_form(longest) in drawn and longest not in drawn
    assert set(names[1:]) <= drawn
