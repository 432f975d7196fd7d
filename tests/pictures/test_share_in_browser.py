"""Pressing "Share the result" in Chromium: where the browser can share files, the phone's
share sheet (a stand-in navigator.share here) receives the picture and the page's link;
where it cannot, the picture is downloaded, as it is before any script runs."""

import io

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.factories import make_game
from tests.live.conftest import api_save
from tests.pictures.events import EVENTS

pytestmark = pytest.mark.browser

SHARE_SHEET = """
window.shared = null;
navigator.canShare = (data) => Array.isArray(data.files) && data.files.length > 0;
navigator.share = async (data) => {
  const [file] = data.files;
  window.shared = {
    url: data.url, title: data.title, name: file.name, type: file.type,
    bytes: Array.from(new Uint8Array(await file.arrayBuffer())),
  };
};
"""
NO_SHARING = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"

PAGES = {"game": "games", "night": "nights", "rotation": "tournaments"}


@pytest.mark.parametrize("kind", list(PAGES))
def test_share_hands_the_picture_and_the_link_to_the_share_sheet(new_page, server, kind):
    event = EVENTS[kind]()
    page = new_page()
    page.add_init_script(SHARE_SHEET)
    page.goto(f"/{PAGES[kind]}/{event.code}/")

    page.get_by_role("link", name="Share the result").click()
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")

    assert shared["url"] == f"{server.url}/{PAGES[kind]}/{event.code}/"
    assert shared["name"] == f"result-{event.code}.png" and shared["type"] == "image/png"
    assert Image.open(io.BytesIO(bytes(shared["bytes"]))).size == (1200, 630)
    assert shared["title"].startswith(("Mexican Train · ", "Tuesday club · ", "Spring open · "))


def test_without_file_sharing_share_downloads_the_picture(new_page, server):
    game = EVENTS["game"]()
    page = new_page(accept_downloads=True)
    page.add_init_script(NO_SHARING)
    page.goto(f"/games/{game.code}/")
    assert page.evaluate("typeof navigator.share") == "undefined"

    with page.expect_download() as downloading:
        page.get_by_role("link", name="Share the result").click()

    download = downloading.value
    assert download.suggested_filename == f"result-{game.code}.png"
    with open(download.path(), "rb") as png:
        assert Image.open(png).size == (1200, 630)


def test_before_any_script_the_link_downloads_the_picture(new_page, server):
    game = EVENTS["game"]()
    page = new_page(java_script_enabled=False, accept_downloads=True)
    page.goto(f"/games/{game.code}/")
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Share the result").click()
    assert downloading.value.suggested_filename == f"result-{game.code}.png"


def test_share_appears_once_the_first_round_is_saved(new_page, server):
    started = make_game(ruleset="mexican-train", variant=None)
    game = started.game
    page = new_page(f"/games/{game.code}/")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    share = page.get_by_role("link", name="Share the result")
    expect(share).to_be_hidden()

    api_save(server.url, game, started.key, 1, [0, 20, 25], engine=12, version=game.version)

    expect(share).to_be_visible()
