"""A round saved while PostgreSQL is stopped is answered 503: the scorekeeper's page keeps
it in its outbox, says why, and sends it by itself once the database is back; it is
recorded once."""

import re

import psycopg
import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.games.database_outage import copy_into, daphne_on, on_postgresql
from tests.servers import running

pytestmark = [pytest.mark.browser, pytest.mark.services, on_postgresql]

NAMES = ("Ann", "Bob", "Cy")


def saves_recorded(url: str, code: str) -> list[tuple[int, int]]:
    """(round, version) of each save the database at `url` holds for game `code`."""
    with psycopg.connect(url) as database:
        return database.execute(
            "SELECT change.round_number, change.version FROM games_change change "
            "JOIN games_game game ON game.id = change.game_id "
            "WHERE game.code = %s AND change.kind = 'save' ORDER BY change.version",
            [code],
        ).fetchall()


def test_the_outbox_keeps_the_save_and_sends_it_when_the_database_is_back(browser, own_postgres):
    new = make_game(names=NAMES, ruleset="oll", variant="full")
    url = copy_into(own_postgres)

    with running(daphne_on(url)) as (server,):
        context = browser.new_context(base_url=server.url)
        context.set_default_timeout(10_000)
        keeper = context.new_page()
        keeper.goto(f"/games/{new.game.code}/keep/{new.key}/")
        expect(keeper.locator("#live-status")).to_have_attribute("data-state", "live")

        own_postgres.stop()
        for name, value in zip(NAMES, (5, 0, 17), strict=True):
            keeper.get_by_label(name, exact=True).fill(str(value))
        keeper.get_by_role("button", name="Save round 1").click()

        waiting = keeper.locator("#outbox-status")
        expect(waiting).to_have_text(re.compile(r"^1 save waiting to be sent \(round 1\)"))
        expect(keeper.locator("#keeper-status")).to_have_text(
            "The scores' database is not answering just now (it may be restarting). Wait a "
            "few seconds and try again; a save sent twice is kept once. Round 1 is kept in "
            "this browser and will be sent by itself when the connection is back."
        )
        own_postgres.start()

        expect(waiting).to_be_hidden(timeout=30_000)
        expect(keeper.locator("#board tfoot tr.totals td")).to_have_text(["5", "0", "17"])
        expect(keeper.get_by_role("button", name="Save round 2")).to_be_visible()
        context.close()

    assert saves_recorded(url, new.game.code) == [(1, 2)]
