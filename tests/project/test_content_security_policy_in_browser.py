"""Every kind of page works under the strict Content-Security-Policy, in Chromium.

The policy allows only the site's own scripts, styles, images and sockets. Each page is
opened with it on: the page must have carried the header (else nothing here could
fail), and the browser must report no policy violation (`securitypolicyviolation`), no
console error, no script error and no part it failed to load; the live pages must
still get their socket to "Live", a save must still land, and the API docs must draw
the API.
"""

import pytest
from playwright.sync_api import expect

from nights.starting import start_night
from players.models import Player
from tests.conftest import log_in
from tests.project.conftest import PAGE_KINDS, open_kind

pytestmark = [pytest.mark.browser, pytest.mark.layout]

# Runs in every page before its own scripts (Playwright's init scripts are not subject
# to the page's policy), so even a violation during parsing is recorded.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""


class Watch:
    """What went wrong in a page: violations, console and script errors, failed parts,
    and documents that came without the policy."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.context.add_init_script(RECORD_VIOLATIONS)
        page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        page.on("pageerror", lambda error: self.problems.append(f"script: {error}"))
        page.on("response", self._check)

    def _check(self, response) -> None:
        if response.request.resource_type == "document":
            if "default-src 'self'" not in response.headers.get("content-security-policy", ""):
                self.problems.append(f"no policy on {response.url}")
        elif response.status >= 400:
            self.problems.append(f"{response.status} for {response.url}")

    def check(self, what: str, *, status: int = 200) -> None:
        violations = self.page.evaluate("window.cspViolations")
        assert violations == [], f"{what}: {violations}"
        # A page answered with an error status is logged as a failed load; that is all.
        own = f"Failed to load resource: the server responded with a status of {status}"
        problems = [p for p in self.problems if not (status >= 400 and p.startswith(own))]
        assert problems == [], f"{what}: {problems}"
        self.problems.clear()


@pytest.fixture
def watched(new_page):
    """new_page, watched from the first page it opens."""
    watches: list[Watch] = []

    def open_page(path: str | None = None, **context_options):
        page = new_page(path, **context_options)
        watches.append(Watch(page))
        return page

    open_page.watch = lambda page: next(w for w in watches if w.page is page)
    return open_page


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_every_kind_of_page_keeps_to_the_policy(watched, server, club, kind):
    page = open_kind(watched, kind, club)
    expect(page.locator("h1").first).to_be_visible()
    watched.watch(page).check(kind)


def test_a_save_lands_live_under_the_policy(watched, server, club):
    page = open_kind(watched, "game (scorekeeper)", club)
    watch = watched.watch(page)
    for field, points in zip(page.locator("#round-form input.score").all(), range(5), strict=False):
        field.fill(str(points))
    page.get_by_role("button", name="Draw the station double").click()
    page.get_by_role("button", name="Save round 3").click()
    expect(page.locator("#board")).to_have_attribute("data-version", "4")
    watch.check("a save")

    page.goto(f"/games/{club['playing'].game.code}/end/")
    expect(page.get_by_role("button", name="End the game")).to_be_visible()
    watch.check("the end page")


@pytest.fixture
def night(server):
    players = [Player.objects.create(name=name) for name in ("Dee", "Eve", "Fay", "Gus")]
    return start_night(name="Friday", ruleset="oll", variant="full", players=players).night


def test_a_nights_pages_keep_to_the_policy(watched, server, night):
    page = watched()
    watch = watched.watch(page)
    for path in (f"/nights/{night.code}/", f"/nights/{night.code}/screen/"):
        page.goto(path)
        expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
        watch.check(path)


def test_the_other_pages_keep_to_the_policy(watched, server, club):
    page = watched()
    watch = watched.watch(page)
    for path in ("/seasons/", "/rules/number-9/"):
        page.goto(path)
        expect(page.locator("h1").first).to_be_visible()
        watch.check(path)

    page.goto("/no-such-page/")
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    watch.check("/no-such-page/", status=404)

    log_in(page)
    page.goto("/nights/new/")
    expect(page.locator("h1").first).to_be_visible()
    watch.check("/nights/new/")
    page.goto(f"/games/{club['playing'].game.code}/?edit=1")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    watch.check("the game page for staff")
    for path in ("/admin/", "/admin/players/player/", "/admin/players/player/add/"):
        page.goto(path)
        expect(page.locator("#content h1")).to_be_visible()
        watch.check(path)


def test_the_api_docs_draw_the_api_under_the_policy(watched, server):
    page = watched()
    watch = watched.watch(page)
    page.goto("/api/docs")
    expect(page.get_by_role("heading", name="TrainScore API")).to_be_visible()
    page.locator(".opblock-summary", has_text="/api/games/{code}/end").click()
    page.get_by_role("button", name="Try it out").click()
    expect(page.locator(".opblock-body textarea.body-param__text")).to_be_visible()
    watch.check("/api/docs")
