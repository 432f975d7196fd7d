"""French elides "de" before a vowel, also when the word after it is a name filled in:
"Qualification 1 d'Autumn Open", "Résultats d'Autumn Open"; English and Spanish, and a
name after "de" that begins with a consonant, are left as they are."""

from core.elision import elided
from tests.factories import stage_games, tournament_of


def test_de_is_elided_before_a_vowel_in_french_only():
    assert elided("Qualification 1 de Autumn Open", language="fr") == (
        "Qualification 1 d'Autumn Open"
    )
    assert elided("Résultats de Émile", language="fr") == "Résultats d'Émile"
    assert elided("Bilan de Ólafur", language="fr") == "Bilan d'Ólafur"
    assert elided("Résultats de Spring Open", language="fr") == "Résultats de Spring Open"
    assert elided("Victoires de Hélène", language="fr") == "Victoires de Hélène"
    assert elided("Resultados de Autumn Open", language="es") == "Resultados de Autumn Open"
    assert elided("madre de India", language="en") == "madre de India"


def test_a_heats_stage_and_the_results_name_the_tournament_with_d(client, db):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], format="heats-final", table_size=(3, 3),
        advance=1,
    )  # fmt: skip
    new.tournament.name = "Autumn Open"
    new.tournament.save()
    game = stage_games(new.stage)[0]
    page = client.get(f"/games/{game.code}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Qualification 1 d&#x27;Autumn Open" in page or "Qualification 1 d'Autumn Open" in page
    assert "de Autumn" not in page
    results = client.get(f"/tournaments/{new.tournament.code}/results/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Résultats d'Autumn Open" in results.content.decode()
    english = client.get(f"/games/{game.code}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Heat 1 of Autumn Open" in english
