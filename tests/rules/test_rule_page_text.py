"""Each rule page shows the full rules from its Markdown text."""

import pytest

from rules import rulesets


@pytest.mark.parametrize("slug", [r.slug for r in rulesets.ALL])
def test_it_renders_the_rules_text_as_html_sections(client, slug):
    response = client.get(f"/rules/{slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f"<h1>{rulesets.get(slug).name}</h1>" in html
    assert '<article class="rule-text">' in html
    assert html.count("<h2>") >= 5
    for section in ("Setting up", "Turns", "End of a round"):
        assert f"<h2>{section}</h2>" in html


def test_it_covers_open_and_closed_trains_and_doubles(client):
    for slug, trains in [
        ("mexican-train", "Private and public trains"),
        ("oll", "Open and closed trains"),
        ("derailing", "Private and public trains"),
    ]:
        html = client.get(f"/rules/{slug}/").content.decode()
        assert f"<h2>{trains}</h2>" in html
        assert "<h2>Doubles" in html


def test_it_renders_number_9s_points_as_a_table(client):
    html = client.get("/rules/number-9/").content.decode()
    assert "<table>" in html
    assert "<h2>Bonuses</h2>" in html
    assert "Tournament game" in html


def test_it_links_the_print_stylesheet(client):
    html = client.get("/rules/oll/").content.decode()
    assert "/static/css/rules.css" in html
