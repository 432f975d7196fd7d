"""Screenshots for people to look at, not for a test to read: written to /tmp/<name>.png
only when SCREENSHOTS=1 is set, or when the test fails (tests/conftest.py takes them then,
each page as it stands at the failure). Taken on every run they cost the suite much of
its browser time, full-page ones most of all.

A screenshot a test reads (a QR code through tests/camera.py) is taken directly instead.
"""

import os
from pathlib import Path

FOLDER = Path("/tmp")
FAILURE_TIMEOUT_MS = 5_000

# Resolves once the page has been through a rendering step, as taking a screenshot makes
# it: its resize observers (a wall fits its tables again when its header changes) have run
# before the test measures what it shows.
DRAWN = """() => new Promise((drawn) => {
  const watch = new ResizeObserver(() => {
    watch.disconnect();
    drawn();
  });
  watch.observe(document.documentElement);
})"""

# The running test's pages, each with the last screenshot asked of it: (name, full_page).
_asked: dict = {}


def screenshot(page, name: str, *, full_page: bool = False) -> None:
    """/tmp/<name>.png with SCREENSHOTS=1; otherwise only if the test fails."""
    if os.environ.get("SCREENSHOTS") == "1":
        page.screenshot(path=FOLDER / f"{name}.png", full_page=full_page)
        return
    _asked[page] = (name, full_page)
    page.evaluate(DRAWN)


def take_after_failure() -> list[Path]:
    """The screenshots the failed test asked for, of its pages still open; each page is
    taken once, under the last name asked of it."""
    taken = []
    for page, (name, full_page) in _asked.items():
        if page.is_closed():
            continue
        path = FOLDER / f"{name}.png"
        try:
            page.screenshot(path=path, full_page=full_page, timeout=FAILURE_TIMEOUT_MS)
        except Exception:  # a page past drawing: the failure must still be reported
            continue
        taken.append(path)
    return taken


def forget() -> None:
    _asked.clear()
