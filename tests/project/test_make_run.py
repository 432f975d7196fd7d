"""`make run` is the small club's server: on the venue's network, with DEBUG off.

The server is started with the very command line the Makefile's `run` recipe runs
(read with `make -n`), on a fresh data folder, as a new user's first start would be.
"""

import ipaddress
import json
import re
import socket
import sqlite3
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
import zxingcpp
from playwright.sync_api import expect

from games import qr
from tests.live.conftest import api_put_round
from tests.servers import Daphne, clean_env, make_step, manage, running
from trainscore import venue_network

# What the person running `make run` would not have set in their shell.
# make run on one machine: SQLite and the in-memory layer whatever DATABASE_URL says.
pytestmark = pytest.mark.install

NOT_SET = ("DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "SITE_URL", "ALLOWED_HOSTS")


def make_run_command(**variables: str) -> list[str]:
    """The server command `make run` runs with these variables, with this test's Python."""
    assignments = [f"{name}={value}" for name, value in variables.items()]
    program, *arguments = make_step("run", "trainscore serve", *assignments)
    assert program.endswith("/trainscore"), program
    return [str(Path(sys.executable).with_name("trainscore")), *arguments]


class MakeRun(Daphne):
    """`make run HOST=…` with nothing else set, keeping its data in `data_dir`."""

    startup_timeout = 90.0  # migrates a new database first

    def __init__(self, data_dir: Path, host: str = "0.0.0.0"):
        super().__init__()
        self.data_dir, self.host = data_dir, host
        env = clean_env(DATA_DIR=str(data_dir))
        self.env = {name: value for name, value in env.items() if name not in NOT_SET}

    def command(self) -> list[str]:
        return make_run_command(HOST=self.host, PORT=str(self.port))

    def printed_address(self) -> str:
        found = re.search(r"TrainScore is at (http://\S+?)/?\n", self.output())
        assert found, self.output()
        return found.group(1)

    def get(self, path: str, host: str) -> tuple[int, str]:
        request = urllib.request.Request(self.url + path, headers={"Host": host})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def started_make_run(data_dir: Path):
    if venue_network.lan_address() is None:
        pytest.skip("this machine is on no network, so it has no address for phones to open")
    with running(MakeRun(data_dir)) as (server,):
        yield server


@pytest.fixture(scope="module")
def make_run(tmp_path_factory):
    """One `make run` for the tests that read what it serves or add a game of their own
    (each start migrates a new database: ~5 s)."""
    yield from started_make_run(tmp_path_factory.mktemp("make-run") / "data")


@pytest.fixture
def make_run_of_its_own(tmp_path):
    """A `make run` that a test may break."""
    yield from started_make_run(tmp_path / "data")


def new_game(server: MakeRun) -> dict:
    """A game started with `newgame` on the server's own database: its code and key."""
    done = manage(
        "newgame",
        *("--ruleset", "oll", "--players", "Ann,Bob", "--json"),
        env={"DATA_DIR": str(server.data_dir), "DATABASE_URL": "", "REDIS_URL": ""},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_it_answers_for_this_machines_name_and_prints_a_network_address(make_run):
    hostname = socket.gethostname()
    status, page = make_run.get("/", host=f"{hostname}:{make_run.port}")
    assert status == 200, page
    assert "TrainScore" in page

    printed = urlparse(make_run.printed_address())
    assert not ipaddress.ip_address(printed.hostname).is_loopback
    assert printed.port == make_run.port
    # The one-time setup link works from a phone too.
    assert f"{make_run.printed_address()}/setup/" in make_run.output()


# How the server draws a QR code in text: each character is two modules, top and
# bottom; a lit half is a light module (light on a dark terminal). True: dark.
HALVES = {"\u2588": (False, False), "\u2584": (True, False), "\u2580": (False, True)}
HALVES["\xa0"] = (True, True)


def printed_qr_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line and set(line) <= set(HALVES)]


def read_terminal_qr(output: str) -> list[str]:
    """What a phone's camera reads from the QR code the server printed."""
    lines = printed_qr_lines(output)
    assert lines, output
    dark = [row for line in lines for row in zip(*(HALVES[c] for c in line), strict=True)]
    scale = 4
    pixels = b"".join(
        bytes(0 if module else 255 for module in row for _ in range(scale)) * scale for row in dark
    )
    width, height = len(dark[0]) * scale, len(dark) * scale
    image = zxingcpp.ImageView(pixels, width, height, zxingcpp.ImageFormat.Lum)
    return [code.text for code in zxingcpp.read_barcodes(image)]


def test_the_qr_code_it_prints_opens_the_printed_address(make_run):
    assert read_terminal_qr(make_run.output()) == [make_run.printed_address() + "/"]


def test_a_console_without_block_characters_gets_the_address_and_no_broken_qr_code(tmp_path):
    # As a Windows console writing to a file can be: cp1252 has no block characters.
    if venue_network.lan_address() is None:
        pytest.skip("this machine is on no network, so it prints no QR code anyway")
    server = MakeRun(tmp_path / "data")
    server.env["PYTHONIOENCODING"] = "cp1252"
    server.start()
    try:
        assert server.get("/", host=f"127.0.0.1:{server.port}")[0] == 200
        assert "This console cannot draw its QR code" in server.output()
        assert not printed_qr_lines(server.output())
        assert server.printed_address().startswith("http://")
    finally:
        server.stop()


def test_on_this_computer_only_it_says_how_to_reach_the_venues_network(tmp_path):
    server = MakeRun(tmp_path / "data", host="127.0.0.1").start()
    try:
        assert server.printed_address() == f"http://127.0.0.1:{server.port}"
        assert "Only this computer can open it" in server.output()
        assert "run: make run HOST=0.0.0.0" in server.output()
        assert f"Its data (games, accounts, secret key) is in {tmp_path / 'data'}\n" in (
            server.output()
        )
        assert not printed_qr_lines(server.output())
    finally:
        server.stop()


def test_it_still_refuses_names_that_are_not_this_machines(make_run):
    status, page = make_run.get("/", host=f"scores.example.org:{make_run.port}")
    assert status == 400
    assert "Open the address shown where the scoreboard runs" in page


def test_the_game_pages_links_and_qr_use_the_printed_address(make_run):
    code = new_game(make_run)["code"]
    status, page = make_run.get(f"/games/{code}/", host=f"{socket.gethostname()}:{make_run.port}")
    assert status == 200, page

    link = f"{make_run.printed_address()}/games/{code}/"
    assert f'href="{link}"' in page
    assert str(qr.svg(link, label="QR code for the scoreboard link")) in page
    assert "127.0.0.1" not in page


def test_an_unknown_page_gets_the_apps_own_404_page(make_run):
    status, page = make_run.get("/no/such/page/", host=f"127.0.0.1:{make_run.port}")
    assert status == 404
    assert "Nothing here" in page
    assert "URLconf" not in page  # Django's debug page lists the URL patterns


def test_an_error_shows_the_apps_own_500_page_and_no_traceback(make_run_of_its_own):
    server = make_run_of_its_own
    new_game(server)
    # Break the database under the running server: the games list can no longer load.
    with sqlite3.connect(server.data_dir / "trainscore.sqlite3") as database:
        database.execute("ALTER TABLE games_game RENAME TO games_game_moved_away")

    status, page = server.get("/games/", host=f"127.0.0.1:{server.port}")

    assert status == 500
    assert "Something went wrong" in page
    assert "Traceback" not in page and "games_game" not in page


def save_first_round(address: str, game: dict, points: list[int]) -> None:
    """The scorekeeper's save through the API, sent to the printed address like a phone's."""
    with urllib.request.urlopen(f"{address}/api/games/{game['code']}", timeout=10) as answer:
        snapshot = json.load(answer)
    body = {
        "scores": {str(p["id"]): n for p, n in zip(snapshot["players"], points, strict=True)},
        "engine": snapshot["schedule"][0],
        "version": snapshot["version"],
    }
    assert api_put_round(address, game["code"], game["key"], 1, body)["version"] == 2


@pytest.mark.browser
def test_a_phone_on_the_printed_address_follows_the_game_live(make_run, browser):
    game = new_game(make_run)
    address = make_run.printed_address()
    context = browser.new_context(
        base_url=address, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        phone = context.new_page()
        phone.goto(f"/games/{game['code']}/")
        # The socket's Origin is the printed address: the server must accept it.
        expect(phone.locator("#live-status")).to_have_attribute("data-state", "live")

        save_first_round(address, game, [12, 3])

        expect(phone.locator("#board tfoot tr.totals td")).to_have_text(["12", "3"])
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


@pytest.mark.browser
def test_the_printed_setup_link_makes_the_admin_from_a_phone(make_run, browser):
    link = re.search(r"(http://\S+/setup/\S+/)", make_run.output()).group(1)
    assert link.startswith(make_run.printed_address())
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        phone = context.new_page()
        phone.goto(link)
        phone.get_by_label("Username").fill("clubadmin")
        phone.get_by_label("Password", exact=True).fill("a-long-pass-phrase-1")
        phone.get_by_label("Password confirmation").fill("a-long-pass-phrase-1")
        phone.get_by_role("button", name="Create").click()
        # The form's CSRF check passes on the network address, and the admin is logged in.
        expect(phone.get_by_role("button", name="Log out clubadmin")).to_be_visible()
    finally:
        context.close()
