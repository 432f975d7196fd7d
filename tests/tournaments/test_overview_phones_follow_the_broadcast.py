"""Phones (390×844) on a tournament's overview follow it from the socket's messages alone:
in English, Spanish and French, with a band filter, with "My table" set, each is redrawn
when a game ends, when the next stage is seated and when the tournament is over, and none
fetches its page again, nor is sent a table's save; a phone offline through the changes
catches up as it comes back. What they draw fits the screen and passes axe."""

from urllib.parse import urlsplit

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.starting import replace_key
from players.models import Player
from tests.conftest import log_in
from tests.factories import stage_games, tournament_of
from tests.live.conftest import api_save
from tests.stats.phone import PHONE
from tests.tournaments.kit import read
from tests.tournaments.test_my_table_on_a_phone import table_of
from tests.tournaments.test_overview_follows_changes_in_browser import api_end
from tests.tournaments.test_tournament_pages_on_a_phone import check

pytestmark = pytest.mark.browser

# Each phone's language, its address's query, and how it says the stage ended.
FINISHED = {
    "en": ("en-GB", "", "every table has finished"),
    "es": ("es-ES", "", "todas las mesas han terminado"),
    "fr": ("fr-FR", "", "toutes les tables ont terminé"),
    "band": ("en-GB", "?band=Beginners", "every table has finished"),
}


def live(page) -> None:
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")


def counting_page_fetches(page, path: str) -> list[str]:
    """Every request the page makes for the overview itself from now on."""
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if urlsplit(r.url).path == path else None)
    return fetched


class Sockets(list):
    """The addresses of the sockets a page opened, and the "table" messages they got."""

    tables = 0


def following(page) -> Sockets:
    sockets = Sockets()

    def opened(socket) -> None:
        sockets.append(socket.url)

        def received(payload) -> None:
            if str(payload).startswith('{"type":"table"'):
                sockets.tables += 1

        socket.on("framereceived", received)

    page.on("websocket", opened)
    return sockets


def test_every_phone_is_redrawn_from_the_broadcast_and_fetches_nothing(new_page, server, staff):
    new = tournament_of(
        ["Ann", "Bob"], ["Cy", "Di"], table_size=(2, 2), games=2, rounds=1,
        bands_of={"Ann": "Beginners", "Cy": "Beginners"}, bands=["Beginners"],
    )  # fmt: skip
    code = new.tournament.code
    path = f"/tournaments/{code}/"
    ann = Player.objects.get(name="Ann").pk
    phones = {
        name: new_page(path + query, **PHONE, locale=locale, bypass_csp=True)
        for name, (locale, query, _said) in FINISHED.items()
    }
    phones["me"] = new_page("about:blank", **PHONE, bypass_csp=True)
    sockets = following(phones["me"])
    phones["me"].goto(f"{path}?me={ann}")
    phones["away"] = new_page(path, **PHONE)
    for page in phones.values():
        live(page)
    fetched = {name: counting_page_fetches(page, path) for name, page in phones.items()}
    me_line = phones["me"].locator("#my-table-line")
    expect(me_line).to_have_text("Your table in Game 1: Table 1")

    away = phones["away"]
    away.context.set_offline(True)
    expect(away.locator("#live-status")).not_to_have_attribute("data-state", "live")

    # Game 1 ends at both tables.
    for table, scores in zip(new.tables, ([9, 2], [4, 7]), strict=True):
        api_save(server.url, table.game, table.key, 1, scores, 12, table.game.version)
        api_end(server.url, table.game.code, table.key)
    for name, (_locale, _query, said) in FINISHED.items():
        expect(phones[name].locator(".stage")).to_contain_text(said)
    expect(phones["en"].locator(".tournament-standings tbody tr")).to_have_count(4)
    band_rows = phones["band"].locator(".tournament-standings tbody tr")
    expect(band_rows).to_have_count(2)  # Ann and Cy only
    expect(band_rows.nth(0).locator("td.number").nth(1)).to_have_text("1")  # one round
    expect(me_line).to_have_text(
        "Game 1 is over. Your next table shows here as soon as the next stage is seated."
    )

    # Game 2 is seated by staff.
    desk = new_page()
    log_in(desk, to=path)
    desk.get_by_role("button", name="Draw the next stage's seats").click()
    desk.get_by_role("button", name="Seat Game 2").click()
    second = new.tournament.stages.get(number=2)
    for name in FINISHED:
        expect(phones[name].locator(".stage")).to_have_count(2)
    expect(phones["es"].locator("#stages")).to_contain_text("Fases")
    expect(me_line).to_have_text(f"Your table in Game 2: {table_of(second, 'Ann')}")
    ann_game = second.night.tables.get(game__seats__player=ann).game
    expect(me_line.get_by_role("link")).to_have_attribute("href", f"/games/{ann_game.code}/")

    # The phone offline through both catches up as it comes back.
    assert away.locator(".stage").count() == 1
    away.context.set_offline(False)
    live(away)
    expect(away.locator(".stage")).to_have_count(2)
    expect(away.locator(".stage").first).to_contain_text("every table has finished")

    # Game 2 ends: the tournament is over, and Ann reads her place.
    for game in stage_games(second):
        key = replace_key(game=game)  # the desk's browser keeps the keys it seated with
        api_save(server.url, game, key, 1, [3, 8], 12, game.version)
        api_end(server.url, game.code, key)
    place = next(s["place"] for s in read(Client(), code)["standings"] if s["player"]["id"] == ann)
    expect(me_line).to_have_text(f"The tournament is over: you finished in place {place}.")
    expect(phones["fr"].locator("#medals-heading")).to_be_visible()

    assert {name: urls for name, urls in fetched.items() if urls} == {}
    # Its socket asked for no table, and no table's save or end came to it.
    assert sockets and all("tables=none" in url for url in sockets)
    assert sockets.tables == 0
    # What the broadcast drew fits the phone and passes axe, as the page it replaced.
    for name, language in (("es", "es"), ("band", "en"), ("me", "en")):
        check(phones[name], f"overview-broadcast-{name}", language)
