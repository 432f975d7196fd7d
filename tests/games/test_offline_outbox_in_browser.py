"""Rounds saved while the scorekeeper's phone is offline are kept in the browser, survive
a reload (the page then comes from the service worker), and are sent by themselves, in
order, when the connection is back; if another keeper changed the board meanwhile, the
conflict is shown and nothing is overwritten."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Change
from tests.factories import make_game
from tests.stats.phone import PHONE, fits_the_screen

NAMES = ("Ann", "Bob", "Cy")
SENT_WITHIN_MS = 15_000

# True once the service worker keeps a copy of this page (its first visit asks for one).
PAGE_KEPT = """async () => {
  const url = location.href.split("#")[0];
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(url)) return true;
  }
  return false;
}"""


def open_keeper(new_page, new, errors):
    # With the service worker: reloaded offline, the page comes from the worker's copy.
    page = new_page(f"/games/{new.game.code}/keep/{new.key}/", service_workers="allow", **PHONE)
    page.on("pageerror", lambda error: errors.append(str(error)))
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.wait_for_function(PAGE_KEPT)
    return page


def open_viewer(new_page, new):
    page = new_page(f"/games/{new.game.code}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    return page


def enter_round(page, number: int, values) -> None:
    for name, value in zip(NAMES, values, strict=True):
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name=f"Save round {number}").tap()


def totals(page):
    return page.locator("#board tfoot tr.totals td")


def saved_rounds(game) -> dict[int, list[int]]:
    """Round number → points in seat order, as the database holds them."""
    order = [seat.player_id for seat in game.seats.all()]
    rounds = {}
    for round_ in game.rounds.prefetch_related("scores"):
        points = {score.player_id: score.points for score in round_.scores.all()}
        rounds[round_.number] = [points[pid] for pid in order]
    return rounds


def go_offline_and_save_two_rounds(keeper):
    keeper.context.set_offline(True)
    expect(keeper.locator("#live-status")).not_to_have_attribute("data-state", "live")
    enter_round(keeper, 1, [5, 0, 17])
    waiting = keeper.locator("#outbox-status")
    expect(waiting).to_have_text(re.compile(r"^1 save waiting to be sent \(round 1\)"))
    enter_round(keeper, 2, [9, 30, 4])
    expect(waiting).to_have_text(re.compile(r"^2 saves waiting to be sent \(rounds 1 and 2\)"))
    expect(keeper.locator("#live-status")).not_to_have_attribute("data-state", "live")
    assert fits_the_screen(keeper)


def reload_offline(keeper):
    reloaded = keeper.reload()
    assert reloaded.from_service_worker, "offline, the page comes from the service worker"
    expect(keeper.locator("#outbox-status")).to_have_text(
        re.compile(r"^2 saves waiting to be sent \(rounds 1 and 2\)")
    )
    expect(keeper.locator("#live-status")).to_have_attribute("data-state", "offline")
    expect(keeper.get_by_role("button", name="Save round 3")).to_be_visible()


@pytest.mark.browser
def test_rounds_saved_offline_survive_a_reload_and_reach_the_server_by_themselves(new_page, server):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    errors = []
    keeper = open_keeper(new_page, new, errors)
    viewer = open_viewer(new_page, new)

    go_offline_and_save_two_rounds(keeper)
    reload_offline(keeper)
    assert saved_rounds(new.game) == {}

    keeper.context.set_offline(False)

    expect(totals(viewer)).to_have_text(["14", "30", "21"], timeout=SENT_WITHIN_MS)
    assert saved_rounds(new.game) == {1: [5, 0, 17], 2: [9, 30, 4]}
    assert Change.objects.filter(game=new.game, kind=Change.Kind.SAVE).count() == 2
    expect(keeper.locator("#outbox-status")).to_be_hidden()
    expect(totals(keeper)).to_have_text(["14", "30", "21"])
    expect(keeper.get_by_role("button", name="Save round 3")).to_be_visible()
    expect(keeper.locator("#live-status")).to_have_attribute("data-state", "live")
    assert errors == []


@pytest.mark.browser
def test_a_round_changed_by_another_keeper_meanwhile_is_shown_and_not_overwritten(new_page, server):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    errors = []
    keeper = open_keeper(new_page, new, errors)
    other_keeper = open_keeper(new_page, new, errors)
    viewer = open_viewer(new_page, new)

    go_offline_and_save_two_rounds(keeper)
    enter_round(other_keeper, 1, [1, 2, 3])
    expect(totals(viewer)).to_have_text(["1", "2", "3"])
    reload_offline(keeper)
    # The copy the worker kept, from before anything was saved: the network is not reached.
    expect(totals(keeper)).to_have_text(["0", "0", "0"])

    keeper.context.set_offline(False)

    status = keeper.locator("#keeper-status")
    expect(status).to_contain_text(
        "Round 1 was saved from another device a moment ago", timeout=SENT_WITHIN_MS
    )
    expect(status).to_contain_text("Not sent, because it was typed after the refused save: round 2")
    expect(keeper.locator("#outbox-status")).to_be_hidden()
    # The latest board, and round 1's form with the other keeper's values, as a direct save shows.
    expect(totals(keeper)).to_have_text(["1", "2", "3"])
    expect(keeper.get_by_label("Ann", exact=True)).to_have_value("1")
    assert saved_rounds(new.game) == {1: [1, 2, 3]}
    expect(totals(viewer)).to_have_text(["1", "2", "3"])
    assert errors == []


@pytest.mark.browser
def test_a_round_with_a_field_left_empty_is_not_kept_and_says_what_to_fix(new_page, server):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    errors = []
    keeper = open_keeper(new_page, new, errors)
    keeper.context.set_offline(True)

    keeper.get_by_label("Ann", exact=True).fill("5")
    keeper.get_by_label("Cy", exact=True).fill("17")
    keeper.get_by_role("button", name="Save round 1").tap()

    expect(keeper.locator("#keeper-status")).to_have_text(
        "Round 1 can't be kept to send later until every field is filled in correctly: "
        "check the marked field, then press Save again."
    )
    expect(keeper.locator("#outbox-status")).to_be_hidden()
    assert keeper.evaluate("localStorage.length") == 0
    expect(keeper.get_by_label("Ann", exact=True)).to_have_value("5")
    expect(keeper.get_by_role("button", name="Save round 1")).to_be_visible()
    assert errors == []
