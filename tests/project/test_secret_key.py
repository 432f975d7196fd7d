"""Each install signs with its own secret key; keys printed in the repository are refused."""

import stat
import urllib.error
import urllib.request

import pytest
from django.core import signing

from tests.servers import Daphne, manage
from trainscore import first_admin
from trainscore.secret_key import FILE_NAME, PUBLIC_DEVELOPMENT_KEY, public_keys

pytestmark = pytest.mark.project  # the key a start signs with: the same on either database

PRINT_KEY = (
    "shell",
    "--no-imports",
    "-c",
    "from django.conf import settings; print(settings.SECRET_KEY)",
)


def key_used(data_dir) -> str:
    """The key a fresh start with nothing set signs with, keeping its data in `data_dir`."""
    done = manage(*PRINT_KEY, env={"DATA_DIR": str(data_dir)})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_two_fresh_data_folders_get_different_keys(tmp_path):
    first, second = key_used(tmp_path / "one"), key_used(tmp_path / "two")
    assert first != second
    assert len(first) >= 50 and len(second) >= 50
    assert PUBLIC_DEVELOPMENT_KEY not in (first, second)


def test_the_key_file_is_for_its_owner_only_and_reused_on_the_next_start(tmp_path):
    key = key_used(tmp_path)
    kept = tmp_path / FILE_NAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert kept.read_text().strip() == key

    assert key_used(tmp_path) == key
    assert [path.name for path in tmp_path.iterdir() if "secret" in path.name] == [FILE_NAME]


def test_a_key_set_in_the_environment_is_used_and_nothing_is_written(tmp_path):
    own = "a-club-server-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG"
    done = manage(*PRINT_KEY, env={"DATA_DIR": str(tmp_path), "SECRET_KEY": own})
    assert done.stdout.strip() == own
    assert not (tmp_path / FILE_NAME).exists()


@pytest.mark.parametrize("key", sorted(public_keys()))
def test_it_refuses_to_start_with_a_key_printed_in_the_repository(tmp_path, key):
    done = manage("check", env={"DATA_DIR": str(tmp_path), "SECRET_KEY": key})
    assert done.returncode != 0
    assert "SECRET_KEY is a published example" in done.stderr


@pytest.fixture
def own_key_server(tmp_path, transactional_db):
    """A daphne server on the test database that generated its own key in `tmp_path`."""
    server = Daphne(env={"DATA_DIR": str(tmp_path), "SECRET_KEY": ""}).start()
    yield server, (tmp_path / FILE_NAME).read_text().strip()
    server.stop()


def setup_page_status(server, token: str) -> int:
    try:
        with urllib.request.urlopen(f"{server.url}/setup/{token}/", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_setup_link_signed_with_the_public_development_key_is_refused(own_key_server):
    server, generated = own_key_server

    def token(key: str) -> str:
        return signing.dumps("any", key=key, salt=first_admin.SALT, compress=True)

    assert setup_page_status(server, token(PUBLIC_DEVELOPMENT_KEY)) == 404
    # The same link signed with the server's own key opens the form: only the key differs.
    assert setup_page_status(server, token(generated)) == 200
