"""The app installed from its wheel, outside the checkout, on a laptop with nothing set:
`trainscore serve` serves the pages with their styles and scripts, a save reaches the
screens, the data is in the platform's user data folder, and `trainscore newgame`
starts a game that opens."""

import json
import re
import subprocess
import urllib.request

import pytest
from websockets.sync.client import connect

from tests.install.app import laptop_env, serving
from tests.live.conftest import api_put_round
from tests.servers import ROOT

pytestmark = pytest.mark.install

STATIC_LINKS = re.compile(r'(?:href|src)="(/static/[^"]+)"')


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A throw-away home folder: the platform's data folder is made inside it."""
    return tmp_path_factory.mktemp("home")


@pytest.fixture(scope="module")
def server(installed, home):
    with serving(installed / "trainscore", home) as running:
        yield running


def trainscore(installed, home, *arguments: str) -> subprocess.CompletedProcess:
    return installed_program(installed, home, "trainscore", *arguments)


def installed_program(installed, home, program: str, *arguments) -> subprocess.CompletedProcess:
    """One of the installed app's programs, run from the throw-away home as a laptop would."""
    return subprocess.run(
        [installed / program, *arguments],
        cwd=home,
        env=laptop_env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.headers["Content-Type"], answer.read()


@pytest.fixture(scope="module")
def game(installed, home, server) -> dict:
    started = trainscore(
        installed, home, "newgame", "--ruleset", "mexican-train", "--players", "Ann,Bob", "--json"
    )
    assert started.returncode == 0, started.stderr
    return json.loads(started.stdout)


def test_the_home_page_and_a_game_page_answer_with_every_style_and_script_they_link(server, game):
    for page in ("/", f"/games/{game['code']}/", f"/games/{game['code']}/keep/{game['key']}/"):
        status, _, html = get(server.url + page)
        assert status == 200, page
        linked = set(STATIC_LINKS.findall(html.decode()))
        assert any(link.endswith(".css") for link in linked), page
        for link in linked:
            status, kind, body = get(server.url + link)
            assert status == 200 and body, link
            if link.endswith(".css"):
                assert kind.startswith("text/css"), (link, kind)
            if link.endswith(".js"):
                assert "javascript" in kind, (link, kind)
    _, _, game_page = get(server.url + f"/games/{game['code']}/")
    assert "/static/js/live.js" in game_page.decode()


def test_newgame_prints_a_game_whose_links_open_and_whose_key_keeps_score(server, game):
    assert set(game) == {"code", "url", "scorekeeper_url", "key"}
    assert game["url"].endswith(f"/games/{game['code']}/")
    assert game["scorekeeper_url"].endswith(f"/games/{game['code']}/keep/{game['key']}/")
    _, _, snapshot = get(f"{server.url}/api/games/{game['code']}")
    assert [p["name"] for p in json.loads(snapshot)["players"]] == ["Ann", "Bob"]


def test_a_save_through_the_api_reaches_a_screen_following_the_game(server, game):
    url = f"{server.ws_url}/ws/games/{game['code']}/"
    with connect(url, origin=server.url, proxy=None, open_timeout=10) as screen:
        on_connect = json.loads(screen.recv(timeout=10))
        ann, bob = (str(player["id"]) for player in on_connect["players"])
        body = {
            "scores": {ann: 12, bob: 3},
            "engine": 12,  # the station double the table drew for the first round
            "version": on_connect["version"],
        }
        answer = api_put_round(server.url, game["code"], game["key"], 1, body)
        pushed = json.loads(screen.recv(timeout=10))

    assert pushed["version"] == answer["version"] == on_connect["version"] + 1
    assert [p["total"] for p in pushed["players"]] == [12, 3]
    assert ">12</td>" in pushed["html"]


def test_the_data_is_in_the_platforms_user_data_folder_and_serve_says_so(server, home, game):
    folder = home / ".local" / "share" / "trainscore"  # platformdirs on Linux, XDG unset
    assert f"Its data (games, accounts, secret key) is in {folder}\n" in server.output()
    assert (folder / "trainscore.sqlite3").is_file()
    assert (folder / "secret_key").is_file()
    assert not (home / "data").exists()


def test_the_command_says_its_version_as_trainscore_and_as_python_m_trainscore(installed, home):
    from_script = trainscore(installed, home, "--version")
    from_module = installed_program(installed, home, "python", "-m", "trainscore", "--version")
    assert from_script.returncode == 0, from_script.stderr
    assert re.fullmatch(r"trainscore \d+\.\d+\.\d+\S*\n", from_script.stdout)
    assert from_module.stdout == from_script.stdout


def test_the_installed_app_runs_its_own_copy_of_the_code_not_the_checkouts(installed, home):
    code = "import games, trainscore; print(trainscore.__file__)"
    where = installed_program(installed, home, "python", "-c", code)
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(installed.parent / "lib")), where.stdout
    assert str(ROOT) not in where.stdout


def test_every_management_command_the_readme_shows_is_a_trainscore_command(installed, home):
    listed = trainscore(installed, home, "help", "--commands")
    assert listed.returncode == 0, listed.stderr
    commands = set(listed.stdout.split())
    shown = {
        "serve", "newgame", "newnight", "importgames", "exportgames", "backup", "createsuperuser",
        "setuplink", "recomputeratings", "unlocksignin",
    }  # fmt: skip
    assert shown <= commands, shown - commands
