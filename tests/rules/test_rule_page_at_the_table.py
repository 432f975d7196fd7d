"""Each rule page's "At the table" card says what the ruleset code says."""

from html.parser import HTMLParser

import pytest

from rules import rulesets
from rules.table import double_name

SLUGS = [r.slug for r in rulesets.ALL]


class Card(HTMLParser):
    """Collects the card's hand rows and rounds lines with their data attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.hands: list[dict] = []  # {"variants", "players", "cells"}
        self.rounds: list[dict] = []  # {"variant", "players", "rounds", "text"}
        self.facts: dict[str, str] = {}
        self._variants: list[str] = []
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "data-variants" in attrs:
            self._variants = attrs["data-variants"].split()
        elif tag == "tr" and "data-players" in attrs:
            self._open = {"variants": self._variants, "players": int(attrs["data-players"])}
            self._open["text"] = ""
            self.hands.append(self._open)
        elif tag == "dd" and "data-rounds" in attrs:
            self._open = {
                "variant": attrs["data-variant"] or None,
                "players": [int(n) for n in attrs["data-players"].split()],
                "rounds": attrs["data-rounds"],
                "text": "",
            }
            self.rounds.append(self._open)
        elif tag == "dd" and attrs.get("class") in ("winner", "double-blank"):
            self._open = {"text": ""}
            self.facts[attrs["class"]] = self._open
        elif tag in ("th", "td") and self._open is not None and "variants" in self._open:
            self._open["text"] += "|"

    def handle_endtag(self, tag):
        if tag in ("tr", "dd"):
            self._open = None

    def handle_data(self, data):
        if self._open is not None:
            self._open["text"] += data


def read_card(client, slug) -> Card:
    response = client.get(f"/rules/{slug}/")
    assert response.status_code == 200
    card = Card()
    card.feed(response.content.decode())
    return card


def every_setup(ruleset):
    for variant in [v.slug for v in ruleset.variants] or [None]:
        for players in ruleset.player_range(variant):
            yield variant, players, ruleset.table(variant, players)


@pytest.mark.parametrize("slug", SLUGS)
def test_it_shows_the_set_and_tiles_per_hand_for_every_player_count(client, slug):
    ruleset = rulesets.get(slug)
    card = read_card(client, slug)
    for variant, players, table in every_setup(ruleset):
        rows = [
            row
            for row in card.hands
            if row["players"] == players and (variant is None or variant in row["variants"])
        ]
        assert len(rows) == 1, (variant, players)
        cells = [cell.strip() for cell in rows[0]["text"].split("|")[1:]]
        assert cells == [str(players), f"double-{table.set_size}", str(table.hand_size)]
    for row in card.hands:  # and no row for a player count the game doesn't allow
        for variant in row["variants"] or [None]:
            assert row["players"] in ruleset.player_range(variant)


@pytest.mark.parametrize("slug", SLUGS)
def test_it_shows_the_rounds_and_engines_for_every_player_count(client, slug):
    ruleset = rulesets.get(slug)
    card = read_card(client, slug)
    for variant, players, table in every_setup(ruleset):
        lines = [r for r in card.rounds if r["variant"] == variant and players in r["players"]]
        assert len(lines) == 1, (variant, players)
        line = lines[0]
        assert line["rounds"] == ("" if table.rounds is None else str(table.rounds))
        if table.rounds is not None:
            assert line["text"].count(f"{table.rounds} rounds") == 1
        for engine in table.schedule or ():
            if engine is not None:
                assert double_name(engine) in line["text"]


def test_it_shows_the_oll_engines_in_schedule_order(client):
    card = read_card(client, "oll")
    even = next(r for r in card.rounds if r["variant"] == "even")
    assert "12|12, 10|10, 8|8, 6|6, 4|4, 2|2, 0|0" in even["text"]


def test_it_shows_one_hands_table_for_the_oll_variants_that_deal_alike(client):
    card = read_card(client, "oll")
    assert {tuple(r["variants"]) for r in card.hands} == {("full", "even", "odd")}


def test_it_shows_derailings_rounds_for_each_set(client):
    card = read_card(client, "derailing")
    assert [(r["players"], r["rounds"]) for r in card.rounds] == [
        ([2, 3, 4], "10"),
        ([5, 6, 7, 8], "13"),
    ]


@pytest.mark.parametrize("slug", SLUGS)
def test_it_says_who_wins_and_what_the_double_blank_counts(client, slug):
    ruleset = rulesets.get(slug)
    card = read_card(client, slug)
    winner = card.facts["winner"]["text"]
    assert ("lowest total" in winner) is ruleset.lower_wins
    assert ("highest total" in winner) is not ruleset.lower_wins
    blank = card.facts["double-blank"]["text"]
    if ruleset.double_blank is None:
        assert "score nothing" in blank
    else:
        assert f"0|0 counts {ruleset.double_blank} pips" in blank
