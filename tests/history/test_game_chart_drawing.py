"""The game chart as the board partial draws it (charts/drawing.py): well-formed SVG, one
line per player ending at each total, and every name escaped, even one that looks like
markup. The browser test beside this one checks what a reader sees."""

import xml.etree.ElementTree as ET

import pytest

from games.chart import running_totals
from games.snapshot import load_board
from tests.factories import make_game, save_round

SVG = "{http://www.w3.org/2000/svg}"
MARKUP_NAME = '<b>"Zed" & Co</b>'


@pytest.fixture
def board(db):
    game = make_game(
        names=("Ann", MARKUP_NAME, "Bartholomew Long"), ruleset="mexican-train", variant=None
    ).game
    save_round(game, 1, [10, 0, 25], engine=12)
    save_round(game, 2, [5, 30, 0], engine=11)
    return load_board(game)


def drawn(board) -> ET.Element:
    svg = str(running_totals(board).svg).replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1)
    return ET.fromstring(svg)  # raises on anything not well-formed


def test_it_draws_one_line_per_player_ending_at_each_total(board):
    svg = drawn(board)

    lines = {line.get("data-player"): line.get("data-total") for line in svg.iter(f"{SVG}polyline")}
    assert lines == {str(s.player.id): str(s.total) for s in board.standings}
    titles = [line.findtext(f"{SVG}title") for line in svg.iter(f"{SVG}polyline")]
    assert titles == [f"{s.player.name}: {s.total}" for s in board.standings]


def test_it_escapes_names_and_shortens_long_ones_at_the_line_ends(board):
    markup = str(running_totals(board).svg)
    svg = drawn(board)

    assert MARKUP_NAME not in markup
    ends = [" ".join(t.itertext()) for t in svg.iter(f"{SVG}text") if t.get("class") == "end-label"]
    assert ends[1].startswith('<b>"Zed" & …')  # the name itself, as text
    assert ends[2].startswith("Bartholomew…")
    assert "Zed" in svg.findtext(f"{SVG}desc")
