"""The rulesets' words (names, engine words, error sentences) come out through the
translator the rules app installs, read when shown, so each reader gets their language."""

import pytest
from django.utils import translation

from rules import rulesets, words
from rules.seating import SeatingRefused, table_sizes

FRENCH = {
    "Mexican Train": "Train mexicain",
    "OLL Train": "OLL Train",
    "Number 9 Train": "Train numéro 9",
    "Tournament": "Tournoi",
    "Even doubles": "Doubles pairs",
    "starting double": "double de départ",
    "%(game)s (%(variant)s)": "%(game)s (%(variant)s)",
    "%(first)s to %(last)s": "de %(first)s à %(last)s",
    "exactly %(count)s": "exactement %(count)s",
    "%(game)s needs %(span)s players; you picked %(count)s.": (
        "Il faut %(span)s joueurs pour %(game)s ; vous en avez choisi %(count)s."
    ),
    "the %(variant)s game of %(game)s": "la partie %(variant)s du %(game)s",
    "%(game)s needs %(span)s players; for %(count)s, choose the %(variant)s game.": (
        "%(game)s se joue à %(span)s joueurs ; pour %(count)s, choisissez la partie %(variant)s."
    ),
}


@pytest.fixture
def french():
    """A small French catalogue in place of Django's, for one test."""
    words.install(
        gettext=lambda message: FRENCH.get(message, message),
        ngettext=lambda one, many, n: FRENCH.get(one if n == 1 else many, one if n == 1 else many),
        pgettext=lambda context, message: FRENCH.get(message, message),
    )
    yield
    words.install(
        gettext=translation.gettext,
        ngettext=translation.ngettext,
        pgettext=translation.pgettext,
    )


def test_names_and_engine_words_are_translated_when_read(french):
    number_9 = rulesets.get("number-9")
    assert number_9.name == "Train numéro 9"
    assert number_9.variant_name("tournament") == "Tournoi"
    assert number_9.engine_word == "double de départ"
    assert rulesets.get("oll").title("even") == "OLL Train (Doubles pairs)"


def test_the_data_keeps_the_english_and_the_slugs(french):
    oll = rulesets.get("oll")
    assert (oll.slug, oll.english_name) == ("oll", "OLL Train")
    assert [v.slug for v in oll.variants] == ["full", "even", "odd"]
    assert sorted(r.name for r in rulesets.ALL)[0] == "Derailing the Train"


def test_error_sentences_are_translated_whole_in_their_own_word_order(french):
    with pytest.raises(rulesets.InvalidSetup) as caught:
        rulesets.get("mexican-train").table(None, 9)
    assert str(caught.value) == (
        "Il faut de 2 à 8 joueurs pour Train mexicain ; vous en avez choisi 9."
    )
    with pytest.raises(rulesets.InvalidSetup) as caught:
        rulesets.get("number-9").table("standard", 6)
    assert str(caught.value) == (
        "La partie standard du Train numéro 9 se joue à de 2 à 5 joueurs ; "
        "pour 6, choisissez la partie tournoi."
    )


def test_seating_sentences_name_the_game_in_the_readers_language(french):
    with pytest.raises(SeatingRefused) as caught:
        table_sizes(rulesets.get("number-9"), "tournament", 7)
    assert str(caught.value).startswith("La partie tournoi du Train numéro 9 ")


def test_the_rules_app_speaks_english_by_default():
    assert rulesets.get("derailing").name == "Derailing the Train"
    with translation.override("en"):
        assert rulesets.get("oll").variant_name("odd") == "Odd doubles"
