"""An unknown game in /rules/<slug>/ gets a 404 page that points to the real ones."""

from rules import rulesets


def test_it_answers_404_for_an_unknown_game(client):
    response = client.get("/rules/chicken-foot/")
    assert response.status_code == 404
    assert "rules/not_found.html" in [t.name for t in response.templates]


def test_it_links_to_the_four_games_from_the_404_page(client):
    html = client.get("/rules/chicken-foot/").content.decode()
    assert "chicken-foot" in html
    for ruleset in rulesets.ALL:
        assert f'href="/rules/{ruleset.slug}/"' in html
        assert ruleset.name in html
