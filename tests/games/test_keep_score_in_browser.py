"""A whole Mexican Train game kept in a real browser on a live daphne server.

Staff start the game at /games/new/, keep score for three rounds (one with the pip
counter), correct round 2, undo and redo, and end the game; totals, places and the
winner are right on the page and in the API. A second browser without the key sees
no editing controls, and its form post and API PUT change nothing.
"""

import re

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.conftest import log_in

pytestmark = pytest.mark.browser


def enter_round(page, ann: int | None, bob: int | None, cy: int | None) -> str:
    for name, points in (("Ann", ann), ("Bob", bob), ("Cy", cy)):
        if points is not None:
            page.get_by_label(name, exact=True).fill(str(points))
    engine = page.get_by_label("Station double")
    if not engine.input_value():
        engine.select_option(index=1)
    return engine.input_value()


def test_it_keeps_a_whole_game_and_refuses_a_browser_without_the_key(new_page, server, staff):
    for name in ("Ann", "Bob", "Cy"):
        Player.objects.create(name=name)

    page = new_page()
    log_in(page)
    page.goto("/games/new/")
    page.get_by_label("Mexican Train").check()
    for name in ("Ann", "Bob", "Cy"):
        page.get_by_label(name, exact=True).check()
    expect(page.locator("#hand-hint")).to_have_text("3 players: deal 15 tiles to each.")
    page.get_by_role("button", name="Start the game").click()

    page.wait_for_url(re.compile(r"/games/[\w-]+/\?edit=1#links$"))
    code = page.locator("#game").get_attribute("data-code")
    expect(page.locator(".share-url")).to_have_text(f"{server.url}/games/{code}/")
    expect(page.locator(".keeper-url")).to_contain_text(f"/games/{code}/keep/")
    expect(page.get_by_role("img", name="QR code for the scorekeeper link")).to_be_visible()
    page.evaluate("window.sameDocument = true")

    # Round 1: the app draws the station double.
    page.get_by_role("button", name="Draw the station double").click()
    drawn = page.get_by_label("Station double").input_value()
    assert drawn
    enter_round(page, 0, 12, 30)
    page.get_by_role("button", name="Save round 1").click()
    status = page.locator("#keeper-status")
    expect(status).to_have_text("Round 1 saved.")

    # Round 2: Bob's hand counted with the pip counter (5|3, 0|0 and 12|12 = 32).
    page.get_by_role("button", name="Count pips for Bob").click()
    dialog = page.get_by_role("dialog", name="Count pips for Bob")
    for tile in ("5|3", "0|0", "12|12"):
        dialog.get_by_role("button", name=tile, exact=True).click()
    expect(dialog.locator(".pip-sum")).to_have_text("3 tiles, worth 32.")
    dialog.get_by_role("button", name="Use 32 for Bob").click()
    expect(page.get_by_label("Bob", exact=True)).to_have_value("32")
    enter_round(page, 5, None, 0)
    page.get_by_role("button", name="Save round 2").click()
    expect(status).to_have_text("Round 2 saved.")

    enter_round(page, 7, 2, 9)
    page.get_by_role("button", name="Save round 3").click()
    expect(status).to_have_text("Round 3 saved.")

    # Correct round 2: Cy had 4 left, not 0.
    page.get_by_label("Enter or correct a round").select_option("2")
    page.get_by_role("button", name="Open round").click()
    expect(page.get_by_role("group", name="Correct round 2")).to_be_visible()
    expect(page.get_by_label("Bob", exact=True)).to_have_value("32")
    page.get_by_label("Cy", exact=True).fill("4")
    page.get_by_role("button", name="Save correction to round 2").click()
    expect(status).to_have_text("Round 2 corrected.")

    totals = page.locator("#board tr.totals td")
    expect(totals).to_have_text(["12", "46", "43"])
    page.get_by_role("button", name="Undo").click()
    expect(status).to_have_text("Undid the last change to round 2.")
    expect(totals).to_have_text(["12", "46", "39"])
    page.get_by_role("button", name="Redo").click()
    expect(status).to_have_text("Put back the change to round 2.")
    expect(totals).to_have_text(["12", "46", "43"])
    expect(page.locator("#board tr.places td")).to_contain_text(["1st", "3rd", "2nd"])
    assert page.evaluate("window.sameDocument") is True  # every save without a reload

    page.locator("#history-details summary").click()
    expect(page.locator("#changes")).to_contain_text("Round 2 Cy: 4 → 0")
    expect(page.locator("#changes")).to_contain_text("admin · on the page")

    before = page.request.get(f"/api/games/{code}").json()

    # A second browser, without the key: it can watch and nothing more.
    viewer = new_page(f"/games/{code}/")
    expect(viewer.locator("#board tr.totals td")).to_have_text(["12", "46", "43"])
    expect(viewer.locator("#round-form")).to_have_count(0)
    expect(viewer.get_by_role("button", name="Undo")).to_have_count(0)
    viewer.get_by_role("button", name="Scorekeeper").click()
    expect(viewer.get_by_text("This browser can only watch this game.")).to_be_visible()
    expect(viewer.locator("#round-form")).to_have_count(0)

    viewer.goto("/login/")  # any form page gives this browser a CSRF token
    token = next(c["value"] for c in viewer.context.cookies() if c["name"] == "csrftoken")
    seats = {p["name"]: p["id"] for p in before["players"]}
    posted = viewer.request.post(
        f"/games/{code}/rounds/",
        form={
            "csrfmiddlewaretoken": token,
            "number": "4",
            "version": str(before["version"]),
            "engine": "",
            **{f"score-{pid}": "0" for pid in seats.values()},
        },
    )
    assert posted.status == 403
    assert "can't keep score" in posted.text()
    body = {"scores": {str(pid): 0 for pid in seats.values()}, "engine": None}
    put = viewer.request.put(
        f"/api/games/{code}/rounds/4", data={**body, "version": before["version"]}
    )
    assert put.status == 401
    wrong = viewer.request.put(
        f"/api/games/{code}/rounds/4",
        data={**body, "version": before["version"]},
        headers={"Authorization": "Bearer not-the-key"},
    )
    assert wrong.status == 403
    assert viewer.request.get(f"/api/games/{code}").json() == before

    # End the game, with its confirmation step.
    page.get_by_role("link", name="End game…").click()
    expect(page.get_by_text("Ann wins.")).to_be_visible()
    page.get_by_role("button", name="End the game").click()
    expect(page.get_by_text("Game over. Ann wins.")).to_be_visible()
    expect(page.locator("#board .winner")).to_have_count(1)
    expect(page.locator("#board tr.places td").first).to_contain_text("won")

    final = page.request.get(f"/api/games/{code}").json()
    assert final["status"] == "finished"
    assert [(p["name"], p["total"], p["place"]) for p in final["players"]] == [
        ("Ann", 12, 1),
        ("Bob", 46, 3),
        ("Cy", 43, 2),
    ]
    assert final["winners"] == [seats["Ann"]]
    assert [r["scores"][str(seats["Cy"])] for r in final["rounds"]] == [30, 4, 9]
    assert final["rounds"][0]["engine"] == int(drawn)
