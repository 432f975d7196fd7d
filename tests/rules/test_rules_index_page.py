"""The /rules/ page: the four games, each with its summary and a link."""

from django.urls import reverse

from rules import rulesets


def test_it_lists_the_four_games_with_their_summaries_and_links(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    for ruleset in rulesets.ALL:
        assert f'href="/rules/{ruleset.slug}/"' in html
        assert ruleset.name in html
        assert ruleset.summary in html


def test_it_lists_the_games_in_menu_order(client):
    html = client.get(reverse("rules:index")).content.decode()
    positions = [html.index(f'href="/rules/{r.slug}/"') for r in rulesets.ALL]
    assert positions == sorted(positions)


def test_it_names_the_urls_for_other_apps():
    assert reverse("rules:index") == "/rules/"
    assert reverse("rules:detail", args=["oll"]) == "/rules/oll/"
