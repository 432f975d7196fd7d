"""A rule page speaks the reader's language: the Spanish or French rules text, and the
page says which language it is in."""

import pytest


@pytest.mark.parametrize(
    ("language", "heading", "english"),
    [
        ("es", "<h2>Trenes abiertos y cerrados</h2>", "<h2>Open and closed trains</h2>"),
        ("fr", "<h2>Trains ouverts et fermés</h2>", "<h2>Open and closed trains</h2>"),
    ],
)
def test_it_shows_the_rules_text_in_the_browsers_language(client, language, heading, english):
    response = client.get("/rules/oll/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}">' in html
    assert heading in html
    assert english not in html


def test_it_shows_the_english_text_to_a_browser_asking_for_another_language(client):
    html = client.get("/rules/oll/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="en">' in html
    assert "<h2>Open and closed trains</h2>" in html
