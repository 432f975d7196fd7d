"""Pressing "Share the result" in Chromium: where the browser can share files, the phone's
share sheet (a stand-in navigator.share here) receives the picture and the page's link;
where it cannot, the picture is downloaded, as it is before any script runs."""

import io

import pytest
from PIL import Image

from tests.pictures.events import EVENTS

pytestmark = pytest.mark.browser

SHARE_SHEET = """
window.shared = null;
navigator.canShare = (data) => Array.isArray(data.files) && data.files.length > 0;
navigator.share = async (data) => {
  const [file] = data.files;
  window.shared = {
    url: data.url, title: data.title, text: data.text, name: file.name, type: file.type,
    bytes: Array.from(new Uint8Array(await file.arrayBuffer())),
  };
};
"""
NO_SHARING = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"

PAGES = {"game": "games", "night": "nights", "rotation": "tournaments"}


@pytest.mark.parametrize("kind", list(PAGES))
def test_share_hands_the_picture_and_the_link_to_the_share_sheet(new_page, server, kind):
    event = EVENTS[kind]()
    page = new_page("/")
    page.add_init_script(SHARE_SHEET)
    page.goto(f"/{PAGES[kind]}/{event.code}/")

    page.get_by_role("link", name="Share the result").click()
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")

    assert shared["url"] == f"{server.url}/{PAGES[kind]}/{event.code}/"
    assert shared["name"] == f"result-{event.code}.png" and shared["type"] == "image/png"
    assert Image.open(io.BytesIO(bytes(shared["bytes"]))).size == (1200, 630)
    assert "won" in shared["text"] or "Winners" in shared["text"]


def test_without_file_sharing_share_downloads_the_picture(new_page, server):
    game = EVENTS["game"]()
    page = new_page("/", accept_downloads=True)
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
    page = new_page("/", java_script_enabled=False, accept_downloads=True)
    page.goto(f"/games/{game.code}/")
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Share the result").click()
    assert downloading.value.suggested_filename == f"result-{game.code}.png"


def test_a_game_with_no_round_yet_has_nothing_to_share(new_page, server):
    from tests.factories import make_game

    game = make_game().game
    page = new_page(f"/games/{game.code}/")
    assert page.get_by_role("link", name="Share the result").count() == 0
