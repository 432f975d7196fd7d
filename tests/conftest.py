"""The test kit: real daphne servers, a real Chromium, and the skip/fail policy.

Tests that need Chromium or PostgreSQL/Redis skip with a reason on a plain machine;
with REQUIRE_BROWSER=1 / REQUIRE_SERVICES=1 (as CI sets) they fail instead.
"""

import asyncio
import contextlib
import inspect
import os
from pathlib import Path

import pytest
from asgiref.sync import SyncToAsync
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from live import broadcast
from tests import screenshots
from tests.factories import staff_member
from tests.servers import INSTALL_TEST_SECONDS, LOOPBACK, Daphne, reachable, running

LANGUAGE_COOKIE = "django_language"  # settings.LANGUAGE_COOKIE_NAME, Django's default
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The address bar's suggestions, drawn in two pages of their own that every new
    # window (each test's browser context) starts and renders: over half the CPU a new
    # context and its first page cost, for a bar a headless browser never shows.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
    # Every page a test opens is on one site (127.0.0.1): a process per site buys nothing
    # here, and its bookkeeping took a tenth of a fresh context and its first page's CPU.
    "--disable-site-isolation-trials",
]
# Starts CHROMIUM with Playwright's --disable-features and the list above joined.
CHROMIUM_STARTER = Path(__file__).with_name("chromium")


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml): two workers per core, at most four.

    The suite mostly waits (on Chromium, on servers starting, on timers), so a core
    serves two workers: on two cores a pass took ~15% less with four than with two.
    Each worker runs its own Chromium, daphne and test database, hence the cap.
    PYTEST_XDIST_AUTO_NUM_WORKERS still chooses, when set.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return min(2 * len(os.sched_getaffinity(0)), 4)


def pytest_collection_modifyitems(items):
    """The install tests run pip (tests/servers.py's PIP_SECONDS): they get longer than
    pyproject.toml's timeout for the rest."""
    for item in items:
        if item.get_closest_marker("install") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(INSTALL_TEST_SECONDS))


def require(available: bool, reason: str, variable: str) -> None:
    """Skip when a real part is missing, or fail when the run says it must be there."""
    if available:
        return
    if os.environ.get(variable) == "1":
        pytest.fail(f"{reason} ({variable}=1 is set, so this is a failure, not a skip)")
    pytest.skip(f"{reason} (set {variable}=1 to make this a failure)")


def redis_url() -> str:
    return os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis():
    """The Redis URL a multi-process test shares between servers."""
    url = redis_url()
    require(reachable(url), f"Redis is not reachable at {url}", "REQUIRE_SERVICES")
    return url


@pytest.fixture(scope="session", autouse=True)
def shared_redis_is_never_flushed():
    """With Redis (CI's second pass) the cache's clear() is FLUSHDB: it would also wipe the
    channel-layer groups of every worker's servers, and a test elsewhere would miss a push.
    The cache's counters are keyed by a game's code, a username or an address, so a test
    gets clean ones by using its own (tests/accounts/sign_in_kit.py)."""
    from django.core.cache.backends.redis import RedisCache

    def refuse(cache):
        raise AssertionError("cache.clear() would flush the Redis every test worker shares")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RedisCache, "clear", refuse)
        yield


SOCKET_ACCEPT_SECONDS = 10


@pytest.fixture(scope="session", autouse=True)
def sockets_wait_to_be_accepted():
    """A socket a test drives in its own process (channels' WebsocketCommunicator) waits
    up to 10 s for the consumer to accept it, not channels' 1 s: the consumer reads the
    database first, and on a busy machine (CI runs its passes side by side) that took over
    a second now and then. A consumer that refuses still answers at once."""
    from channels.testing import WebsocketCommunicator

    connect = WebsocketCommunicator.connect

    async def patient_connect(self, timeout=SOCKET_ACCEPT_SECONDS):
        return await connect(self, timeout)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WebsocketCommunicator, "connect", patient_connect)
        yield


@pytest.fixture
def two_processes(redis, transactional_db):
    """Two daphne processes sharing the test database and Redis, as the scaled deployment."""
    with running(Daphne(env={"REDIS_URL": redis}), Daphne(env={"REDIS_URL": redis})) as both:
        yield both


@pytest.fixture(scope="session")
def daphne_process(django_db_setup, django_db_blocker):
    """One real daphne process for the session, on the test database."""
    with django_db_blocker.unblock():
        server = Daphne().start()
    yield server
    server.stop()


@pytest.fixture
def server(daphne_process, transactional_db):
    """The running daphne server; data a test creates is committed so it can see it."""
    if daphne_process.process is None:
        daphne_process.start()
    return daphne_process


@pytest.fixture(scope="session")
def browser():
    require(CHROMIUM.exists(), f"Chromium is not installed at {CHROMIUM}", "REQUIRE_BROWSER")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM
    # calls are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM_STARTER,
            args=CHROMIUM_ARGS,
            env={**os.environ, "TEST_CHROMIUM": str(CHROMIUM)},
        )
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, server):
    """Open a page in a fresh browser context (its own cookies) on the live server: at
    `path`, or blank for a test that sets it up before it goes anywhere (an init script, a
    fake clock, signing in); speaking `language` when given, as the language switch's
    cookie makes it.

    Without the service worker, unless the test asks for it (`service_workers="allow"`):
    in each fresh context it would install, fetch every script, style and icon to keep,
    and fetch the first page again, about a fifth of a page's cost. The tests of what it
    does (offline, installable, the outbox, the offline page's language) ask for it."""
    contexts = []

    def open_page(path: str | None = None, *, language: str | None = None, **context_options):
        context_options.setdefault("service_workers", "block")
        context = browser.new_context(base_url=server.url, **context_options)
        context.set_default_timeout(10_000)
        # A page's first load on a busy CI machine (both cores full) took over 10 s now and
        # then; what a test then waits for keeps the 10 s above.
        context.set_default_navigation_timeout(30_000)
        if language is not None:
            context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": server.url}])
        contexts.append(context)
        page = context.new_page()
        if path is not None:
            page.goto(path)
        return page

    yield open_page
    for context in contexts:
        context.close()


IN_MEMORY_LAYER = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(autouse=True)
def club_language_again():
    """Each test starts in the club's language. A request through Django's test client
    leaves its reader's language active in the test's thread (LocaleMiddleware activates
    it, and a server's next request activates its own), so a test asking in French made
    the next test in that worker speak French."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def async_test_isolation(request):
    """What an async test gets afresh and leaves behind closed.

    - The in-memory channel layer, new for the test. The consumers it drives in this
      process hold Redis receives that its event loop's teardown must cancel, and with
      channels_redis that teardown now and then waited for ever (CI's PostgreSQL + Redis
      pass hung so, twice). Redis is exercised through real daphne processes instead
      (tests/live/test_live_across_processes.py and the other two-process tests) and by
      tests/live/test_layer_receive_cancels.py.
    - asgiref's worker thread reaches the database with a connection that outlives the
      test: it is closed, so PostgreSQL can drop the test database at the end.
    """
    if not inspect.iscoroutinefunction(request.function):
        yield
        return
    # Channels makes a new layer. No settle of the garbage collector (core/process_tuning.py)
    # in the test process: a test's event loop is gone before it would run.
    with override_settings(CHANNEL_LAYERS=IN_MEMORY_LAYER, GC_SETTLE_SECONDS=0):
        yield
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()


@pytest.fixture
def staff(db):
    return staff_member("admin")


@pytest.fixture
def admin_user(staff):
    """pytest-django's admin_user, and so its admin_client, is the tests' staff member:
    its own hashes the password at the site's million iterations (~0.8 CPU-s a test)."""
    return staff


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def log_in(page, username: str = "admin", *, to: str = "") -> None:
    """Sign `username` in on this page's browser, then open `to` (the home page, where
    signing in lands, if not given).

    The session is made here, as Django's test client's force_login makes it, not through
    the sign-in page: the site hashes a right password again at its million iterations
    each time (~0.8 CPU-s), and the tests signed in some forty times a pass. The sign-in
    page itself is tests/accounts/' (test_sign_in_in_browser.py drives it here)."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    session = client.cookies[settings.SESSION_COOKIE_NAME]
    # A cookie knows no port: every test server listens on the loopback address.
    cookie = {"name": session.key, "value": session.value, "url": f"http://{LOOPBACK}"}
    page.context.add_cookies([cookie])
    page.goto(to or reverse(settings.LOGIN_REDIRECT_URL))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test on the shared server shows what the server printed last, and what it
    logged besides its requests (a warning long before, as a service it lost for a moment,
    is not buried under the requests since); a failed browser test takes the screenshots
    it asked for (tests/screenshots.py)."""
    report = yield
    server = getattr(item, "funcargs", {}).get("server")
    if report.failed and isinstance(server, Daphne):
        report.sections.append(("daphne output (last lines)", server.output()[-3000:]))
        logged = "\n".join(server.logged_since(0))[-3000:]
        report.sections.append(("daphne's log besides its requests (last lines)", logged))
    if report.when == "call":
        if report.failed:
            taken = "\n".join(str(path) for path in screenshots.take_after_failure())
            if taken:
                report.sections.append(("screenshots at the failure", taken))
        screenshots.forget()
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _outside_playwrights_loop(item), _no_broadcast_beside_playwright(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _outside_playwrights_loop(item), _no_broadcast_beside_playwright(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    with _outside_playwrights_loop(item), _no_broadcast_beside_playwright(item):
        return (yield)


@contextlib.contextmanager
def _no_broadcast_beside_playwright(item):
    """A browser test's own changes are not broadcast (live/broadcast.py's `held`): its
    thread has Playwright's loop running in it, where a send could not be awaited, and the
    browser's screens watch the daphne process, not this one."""
    if "browser" not in getattr(item, "fixturenames", ()):
        yield
        return
    with broadcast.held():
        yield


class _outside_playwrights_loop:
    """Let a test run its own event loop after a browser test started Playwright.

    Playwright's sync API leaves its loop marked as running in the main thread between
    calls, and asyncio refuses to start another loop there (async tests, asyncio.run).
    Tests without the browser never call Playwright, so hide its loop while they run
    and put it back afterwards.
    """

    def __init__(self, item):
        self.active = "browser" not in getattr(item, "fixturenames", ())

    def __enter__(self):
        if self.active:
            self.hidden = asyncio._get_running_loop()
            asyncio._set_running_loop(None)

    def __exit__(self, *exc):
        if self.active:
            asyncio._set_running_loop(self.hidden)
