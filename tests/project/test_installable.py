"""The site can be installed to a phone's home screen: a web app manifest with PNG icons
in the sizes phones ask for, and a service worker for the whole site that keeps only
the app's own files and pages (never anything from another host)."""

import json
import struct
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.factories import make_game

# What the page's own JavaScript sees in the worker's caches.
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(request.url);
  }
  return urls;
}"""


def png_size(content: bytes) -> tuple[int, int]:
    assert content[:8] == b"\x89PNG\r\n\x1a\n", "the icon is a PNG"
    return struct.unpack(">II", content[16:24])


def test_it_serves_the_manifest_as_a_web_app_manifest_with_192_and_512_px_icons(client, db):
    answer = client.get("/manifest.webmanifest")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == "TrainScore"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    pngs = {icon["sizes"]: icon["src"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(pngs)
    for sizes, src in pngs.items():
        icon = client.get(src)
        assert icon.status_code == 200, src
        content = b"".join(icon.streaming_content) if icon.streaming else icon.content
        width, height = png_size(content)
        assert f"{width}x{height}" == sizes


def test_it_serves_the_service_worker_as_javascript_from_the_root_never_from_an_old_copy(
    client, db
):
    answer = client.get("/sw.js")

    assert answer.status_code == 200
    assert answer["Content-Type"].split(";")[0] == "text/javascript"
    assert "no-cache" in answer["Cache-Control"]
    script = answer.content.decode()
    for own in ("/static/js/live.js", "/static/js/keeper.js", "/static/css/base.css"):
        assert f'"{own}"' in script
    assert "://" not in script.split("const PRECACHE = ", 1)[1].split(";", 1)[0]


def test_every_page_links_the_manifest(client, db):
    page = client.get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


@pytest.mark.browser
def test_the_workers_cache_holds_the_game_page_and_the_apps_files_and_nothing_from_elsewhere(
    new_page, server
):
    new = make_game(ruleset="oll", variant="full")
    code = new.game.code
    page = new_page(f"/games/{code}/", service_workers="allow")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    # Functions, not expressions: Playwright evals an expression in the page, which the
    # Content-Security-Policy forbids.
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page_url = f"{server.url}/games/{code}/"
    page.wait_for_function(f"() => ({CACHED_URLS})().then((urls) => urls.includes({page_url!r}))")
    # A request to another origin (localhost is not 127.0.0.1) passes the worker by.
    other_origin = server.url.replace("127.0.0.1", "localhost")
    page.evaluate(
        "async (url) => { await fetch(url, { mode: 'no-cors' }).catch(() => null); }",
        f"{other_origin}/static/css/base.css",
    )
    page.reload()
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")

    urls = page.evaluate(CACHED_URLS)

    origins = {f"{urlparse(url).scheme}://{urlparse(url).netloc}" for url in urls}
    assert origins == {server.url}
    paths = {urlparse(url).path for url in urls}
    assert {f"/games/{code}/", "/static/js/live.js", "/static/js/outbox.js"} <= paths
    assert {"/static/css/base.css", "/static/icons/icon-192.png"} <= paths
    assert not [path for path in paths if path.startswith("/api/")]
