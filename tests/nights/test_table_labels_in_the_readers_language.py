"""A table staff did not name is numbered, and each reader reads its number in their own
language: a night started with the command in English shows "Mesa 1" on the Spanish
night page, wall, socket, API (the `label` key is the same) and the table's own board. A
name staff typed is kept as typed."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import expect

from nights.models import Night
from nights.starting import add_table
from tests.factories import register
from tests.live.conftest import api_save
from tests.nights.wall_geometry import SHOWN_TABLES

pytestmark = [pytest.mark.browser]  # live and stored: both passes (SQLite, PostgreSQL + Redis)

LOCALES = {"es": "es-ES", "fr": "fr-FR"}


@pytest.fixture
def night(server):
    """A night started with the command in English, two numbered tables and one named."""
    printed = StringIO()
    with translation.override("en"):
        call_command(
            "newnight",
            "--name=Club night",
            "--ruleset=mexican-train",
            "--players=Ann,Bob,Cy,Dee,Eve,Fay",
            "--tables=2",
            "--json",
            stdout=printed,
        )
    started = json.loads(printed.getvalue())
    assert [table["label"] for table in started["tables"]] == ["Table 1", "Table 2"]
    night = Night.objects.get(code=started["code"])
    add_table(night=night, players=register("Gus", "Hal"), label="Back room")
    return night, started["tables"][0]["key"]


def table_frames(page) -> list[dict]:
    """The "table" messages the page's socket gets from now on."""
    frames: list[dict] = []

    def listen(socket):
        socket.on("framereceived", lambda frame: frames.append(json.loads(frame)))

    page.on("websocket", listen)
    return frames


@pytest.mark.parametrize("language", LOCALES)
def test_a_night_started_in_english_reads_its_tables_in_the_readers_language(
    new_page, server, night, language
):
    night, first_key = night
    with translation.override(language):
        numbered = [translation.gettext("Table %(number)s") % {"number": n} for n in (1, 2)]
    labels = [*numbered, "Back room"]
    code = night.code

    page = new_page(f"/nights/{code}/", locale=LOCALES[language])
    assert page.locator("html").get_attribute("lang") == language
    assert page.locator(".night-table h2").all_inner_texts() == labels
    assert page.locator(".standing-card h3").all_inner_texts() == labels

    frames = table_frames(page)
    page.goto(f"/nights/{code}/screen/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    assert page.evaluate(SHOWN_TABLES) == labels
    first = night.tables.first().game
    api_save(server.url, first, first_key, 1, [0, 12, 30], 12, first.version)
    page.wait_for_function("() => document.querySelector('.wall-table tr.latest') !== null")
    assert [f["label"] for f in frames if f.get("type") == "table"] == [labels[0]]

    # The table's own board says which table it is, in the reader's language too.
    page.goto(f"/games/{first.code}/")
    expect(page.locator("h1 .table-label")).to_have_text(f"· {labels[0]}")

    answer = page.request.get(f"/api/nights/{code}", headers={"Accept-Language": language})
    assert [table["label"] for table in answer.json()["tables"]] == labels
    if language == "es":
        assert numbered == ["Mesa 1", "Mesa 2"], "the catalogue's Spanish, not the English"
