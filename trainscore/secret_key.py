"""The secret key: the SECRET_KEY variable, or one generated for this install and kept in DATA_DIR.

Every install gets its own key without anyone having to make one: the first start
writes a random key to DATA_DIR/secret_key (readable by its owner only) and later
starts reuse it. Keys anyone can read — the one the code used to fall back on and the
placeholder in deploy/trainscore.env.example — are refused, because whoever knows the
key can forge the one-time setup link and make the admin account.
"""

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

FILE_NAME = "secret_key"
EXAMPLE_ENV = Path(__file__).resolve().parent.parent / "deploy" / "trainscore.env.example"
# Published in the repository's history: it signed links before keys were generated.
PUBLIC_DEVELOPMENT_KEY = "dev-only-secret-key-do-not-use-in-production"


def secret_key(data_dir: Path) -> str:
    """The key to sign with: SECRET_KEY when set (unless it is a public one), else this
    install's generated key."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if not key:
        return kept_key(data_dir)
    if key in public_keys():
        raise ImproperlyConfigured(
            "SECRET_KEY is a published example, so anyone could forge this server's links. "
            "Set SECRET_KEY to a new long random string "
            "(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or remove it to let TrainScore generate and keep one in DATA_DIR."
        )
    return key


def public_keys() -> set[str]:
    """Keys that are printed in the repository: never good enough to sign with."""
    keys = {PUBLIC_DEVELOPMENT_KEY}
    if EXAMPLE_ENV.is_file():
        for line in EXAMPLE_ENV.read_text().splitlines():
            name, _, value = line.partition("=")
            if name.strip() == "SECRET_KEY" and value.strip():
                keys.add(value.strip())
    return keys


def kept_key(data_dir: Path) -> str:
    """The key in DATA_DIR/secret_key, written the first time with a new random key."""
    path = data_dir / FILE_NAME
    if not path.exists():
        _write_once(path, secrets.token_urlsafe(50))
    try:
        key = path.read_text().strip()
    except PermissionError:
        raise ImproperlyConfigured(
            f"This user cannot read the secret key file {path}: it belongs to the user who "
            "first started TrainScore. Start it as that user (or give them the file: "
            f"chown $USER {path})."
        ) from None
    if not key:
        raise ImproperlyConfigured(
            f"The secret key file {path} is empty. Delete it to have a new key generated "
            "(people then have to log in again), or set SECRET_KEY."
        )
    return key


def _write_once(path: Path, key: str) -> None:
    # Written under a temporary name (mkstemp makes it 0600) and linked into place, so
    # two processes starting together agree on one key and nobody reads half a file.
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")
    try:
        with os.fdopen(fd, "w") as file:
            file.write(key + "\n")
        # FileExistsError: another process got there first, and its key is the one.
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
