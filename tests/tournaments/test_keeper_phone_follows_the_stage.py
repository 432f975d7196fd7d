"""The scorekeeper's phone at a tournament's table (390×844): the stage's clock counting
down, "Last round" once time is called, then that the game is over and, once the next
stage is seated, where each of the table's players plays next, all without a reload.
The stage's clock is injected (started ten minutes ago, run out on demand); the next
stage is seated while the phone waits, and the phone's own clock is moved on to its next
look."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Seat
from tests.factories import tournament_of
from tests.live.conftest import api_save
from tests.stats.phone import PHONE, fits_the_screen
from tests.tournaments.test_wall_in_the_room import run_out
from tournaments.clock import start_clock
from tournaments.stages import seat_next_stage

pytestmark = pytest.mark.browser


def test_the_keepers_phone_shows_the_clock_the_last_round_and_the_next_tables(new_page, server):
    new = tournament_of(
        ["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"], table_size=(3, 3), games=2, rounds=2,
        minutes=30,
    )  # fmt: skip
    stage = start_clock(stage=new.stage, now=timezone.now() - datetime.timedelta(minutes=10))
    first, second = new.tables
    phone = new_page(**PHONE)
    phone.clock.install()
    phone.goto(f"/games/{first.game.code}/keep/{first.key}/")
    expect(phone.locator("#live-status")).to_have_attribute("data-state", "live")
    expect(phone.locator(".board .countdown")).to_have_text(
        re.compile(r"^(19:[0-5]\d|20:00) left$")
    )
    expect(phone.locator("#tournament-next h2")).to_have_text("Game 1 of Spring open")
    phone.evaluate("window.notReloaded = true")

    first.game.refresh_from_db()
    api_save(server.url, first.game, first.key, 1, [5, 0, 9], 12, first.game.version)
    run_out(stage)
    # The first save after the deadline (table 2's round 1, its last) calls time on every
    # table of the stage.
    second.game.refresh_from_db()
    api_save(server.url, second.game, second.key, 1, [4, 0, 2], 12, second.game.version)
    expect(phone.locator(".board .last-round")).to_have_text("Last round")
    expect(phone.locator(".board .countdown")).to_have_count(0)

    first.game.refresh_from_db()
    api_save(server.url, first.game, first.key, 2, [1, 2, 3], 11, first.game.version)
    said = phone.locator("#tournament-next [role=status]")
    expect(said.locator(".game-over")).to_have_text("The game is over.")
    expect(said).to_contain_text("as soon as the next stage is seated")

    seated = seat_next_stage(tournament=new.tournament)
    tables = {
        seat.player.name: seat.game.table_name
        for seat in Seat.objects.filter(game__night_table__night=seated.stage.night)
        .select_related("player", "game")
    }  # fmt: skip
    phone.clock.fast_forward(15_000)  # its next look
    expect(said).to_contain_text("Game 2 is seated. Where each of you plays next:")
    names = said.locator(".next-name").all_inner_texts()
    assert names == ["Ann", "Bob", "Cy"]
    assert said.locator(".next-table").all_inner_texts() == [tables[name] for name in names]
    assert phone.evaluate("window.notReloaded") is True
    assert fits_the_screen(phone)
