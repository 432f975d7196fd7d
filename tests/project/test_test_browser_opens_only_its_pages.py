"""The tests' Chromium (tests/conftest.py, tests/chromium): a new browser context, as each
browser test opens, runs the test's own page and nothing besides, and Playwright's own
list of features turned off survives beside the tests' list.

Without the tests' list, each new context (a new window) also started and rendered the
address bar's suggestion pages in processes of their own: over half of what a new context
and its first page cost, on every browser test of every pass of CI."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.layout  # the browser the tests drive, the same on either database


def switches(browser) -> list[str]:
    """The command line of the browser's main process, found through Chromium's own list
    of its processes."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    session.detach()
    (main,) = [process["id"] for process in processes if process["type"] == "browser"]
    return Path(f"/proc/{main}/cmdline").read_bytes().decode().split("\0")


def test_a_new_context_runs_only_the_tests_page(browser, new_page):
    page = new_page("/")

    session = browser.new_browser_cdp_session()
    targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    session.detach()
    ours = [target for target in targets if target["url"] == page.url]
    assert ours and len(ours) == len(targets), [(t["type"], t["url"]) for t in targets]


def test_the_browser_turns_off_playwrights_features_and_the_tests_in_one_list(browser):
    (disabled,) = [s for s in switches(browser) if s.startswith("--disable-features=")]
    features = set(disabled.removeprefix("--disable-features=").split(","))
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"} <= features
    # One of Playwright's: HTTP navigations and routes stay on HTTP, as every test page is.
    assert "HttpsUpgrades" in features
