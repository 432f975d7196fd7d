"""A staff member's press on the overview is not lost to a redraw: their page is fetched
again whenever the tournament changes (and once as its socket connects), and a redraw
that lands between the finger going down and coming up used to replace the button
under it, so the tap became a click on nothing. Now the redraw waits for the press."""

import pytest
from playwright.sync_api import expect

from tests.conftest import log_in
from tests.factories import tournament_of
from tests.tournaments.kit import play_stage

pytestmark = pytest.mark.browser


@pytest.fixture
def game_one_played(server, staff):
    """A rotation of two games for four, its first game played: game 2 is to be drawn."""
    new = tournament_of(["Ann", "Bob"], ["Cy", "Di"], table_size=(2, 2), games=2, rounds=1)
    play_stage(new.stage, {"Ann": [9], "Bob": [2], "Cy": [4], "Di": [7]})
    return new.tournament


def test_a_redraw_during_a_press_waits_and_the_press_draws_the_next_stage(
    new_page, server, game_one_played
):
    code = game_one_played.code
    page = new_page()
    log_in(page, to=f"/tournaments/{code}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.wait_for_load_state("networkidle")  # the redraw as the socket connected is done
    button = page.get_by_role("button", name="Draw the next stage's seats")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    page.mouse.down()
    # The tournament changed meanwhile: the page fetches itself again (tournament.js).
    with page.expect_response(lambda answer: answer.url.endswith(f"/tournaments/{code}/")):
        page.locator("#tournament-live").dispatch_event("trainscore:redraw")
    page.wait_for_timeout(200)  # the fetched page is in; a redraw would be done by now
    page.mouse.up()

    expect(page.get_by_role("button", name="Seat Game 2")).to_be_visible()
