"""The game chart in a real browser on daphne: one line per player, ending at each total."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game, save_round
from tests.stats.phone import PHONE

pytestmark = pytest.mark.browser

ROUNDS = [(12, [0, 14, 22]), (11, [9, 0, 31]), (10, [16, 4, 0])]


def started_game():
    """A Mexican Train with ROUNDS saved: the game, its scorekeeper key, its players."""
    new = make_game(names=("Dave", "Mitch", "Angie"), ruleset="mexican-train", variant=None)
    for number, (engine, points) in enumerate(ROUNDS, start=1):
        game = save_round(new.game, number, points, engine=engine)
    return game, new.key, [seat.player for seat in game.seats.all()]


def chart_lines(page) -> dict[str, dict]:
    """Each line's player, data-total and last point, and the total the board shows."""
    return page.evaluate(
        """() => {
        const svg = document.querySelector('#board svg.line-chart');
        const top = +svg.dataset.top, bottom = +svg.dataset.bottom, max = +svg.dataset.max;
        const lines = {};
        for (const line of svg.querySelectorAll('polyline[data-player]')) {
            const id = line.dataset.player;
            const last = line.getAttribute('points').trim().split(/\\s+/).pop().split(',');
            const cell = document.querySelector(`#board tfoot td.total[data-player="${id}"]`);
            lines[id] = {
                total: +line.dataset.total,
                drawn: Math.round((bottom - +last[1]) / (bottom - top) * max),
                board: +cell.textContent.trim(),
                points: line.getAttribute('points').trim().split(/\\s+/).length,
            };
        }
        return lines;
    }"""
    )


def test_it_draws_one_line_per_player_ending_at_each_total(new_page, server):
    game, _, seated = started_game()

    page = new_page(f"/games/{game.code}/")

    expect(page.locator("#board svg.line-chart polyline")).to_have_count(3)
    lines = chart_lines(page)
    assert set(lines) == {str(p.pk) for p in seated}
    totals = {str(p.pk): sum(points[i] for _, points in ROUNDS) for i, p in enumerate(seated)}
    for pid, line in lines.items():
        assert line["total"] == line["board"] == line["drawn"] == totals[pid]
        assert line["points"] == len(ROUNDS) + 1  # the start at 0, then every round
    expect(page.get_by_role("img", name="Running totals")).to_be_visible()


def test_it_redraws_the_chart_when_a_round_is_saved_elsewhere(new_page, server):
    game, key, seated = started_game()
    page = new_page(f"/games/{game.code}/")
    expect(page.locator("#board svg.line-chart polyline")).to_have_count(3)

    response = page.request.put(
        f"{server.url}/api/games/{game.code}/rounds/4",
        headers={"Authorization": f"Bearer {key}"},
        data={"scores": {str(p.pk): 10 for p in seated}, "engine": 9, "version": game.version},
    )
    assert response.status == 200

    first = page.locator(f'#board polyline[data-player="{seated[0].pk}"]')
    expect(first).to_have_attribute("data-total", "35")
    lines = chart_lines(page)
    assert all(line["total"] == line["board"] == line["drawn"] for line in lines.values())
    assert all(line["points"] == 5 for line in lines.values())


def test_it_shows_the_chart_on_the_big_screen(new_page, server):
    game, _, seated = started_game()

    page = new_page(f"/games/{game.code}/screen/")

    expect(page.locator("#board svg.line-chart polyline")).to_have_count(len(seated))


LONG_NAMES = ("Bartholomew", "Maximilianne", "Wolfgang Amadeus", "Ann")


def end_labels_overflow(page) -> dict[str, float]:
    """How far each end label runs past the right edge of its chart (≤ 0: inside)."""
    return page.evaluate(
        """() => {
        const svg = document.querySelector('#board svg.line-chart');
        const width = svg.viewBox.baseVal.width;
        const past = {};
        for (const label of svg.querySelectorAll('text.end-label')) {
            const box = label.getBBox();
            past[label.textContent] = box.x + box.width - width;
        }
        return past;
    }"""
    )


@pytest.mark.parametrize(
    "path, screen",
    [("/games/{code}/screen/", {"width": 1920, "height": 1080}), ("/games/{code}/", None)],
    ids=["big screen", "phone"],
)
def test_a_long_name_and_a_three_digit_total_stay_whole_at_the_line_end(
    new_page, server, path, screen
):
    new = make_game(names=LONG_NAMES, ruleset="mexican-train", variant=None)
    for number, engine in enumerate((12, 11, 10, 9, 8), start=1):
        save_round(new.game, number, [25, 9, 40, 0], engine=engine)

    options = {"viewport": screen} if screen else PHONE
    page = new_page(path.format(code=new.game.code), **options)

    expect(page.locator("#board svg.line-chart text.end-label")).to_have_count(4)
    past = end_labels_overflow(page)
    assert "Maximilianne 45" in past and "Bartholomew 125" in past, past
    assert all(overflow <= 0 for overflow in past.values()), past
