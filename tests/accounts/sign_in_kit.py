"""Signing in as a browser would, for the sign-in limit's tests: a form post with its
CSRF token, from an address of the test's own so no other test shares its count."""

import http.client
import itertools
import re
import secrets
from urllib.parse import urlencode, urlsplit

from django.test import Client

from trainscore import sign_in

_addresses = itertools.count(2)


def own_address() -> str:
    """A documentation-range address no other test uses in this run."""
    return f"198.51.100.{next(_addresses) % 250 + 1}"


def own_loopback() -> str:
    """A loopback address of the test's own, fresh each run (servers' counts outlive it)."""
    return "127.{}.{}.{}".format(*secrets.token_bytes(3))


def own_username() -> str:
    return f"staff-{secrets.token_hex(4)}"


def try_password(client: Client, path: str, username: str, password: str):
    """Post the sign-in form at `path` once; the answer."""
    page = client.get(path)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    return client.post(
        path,
        {"username": username, "password": password, "csrfmiddlewaretoken": token.group(1)},
    )


def forget(username: str, address: str) -> None:
    sign_in.unlock(username=username, address=address)


FAST_HASHING = ["django.contrib.auth.hashers.MD5PasswordHasher"]
"""For guesses checked in the test's own process (never for a server process)."""


def sign_in_over_http(
    url: str, username: str, password: str, *, source: str, headers: dict | None = None
) -> int:
    """A browser at address `source` (any 127.x address) fetches the sign-in form at `url`
    and posts it; the answer's status."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=30, source_address=(source, 0)
    )
    try:
        connection.request("GET", parts.path, headers=headers or {})
        page = connection.getresponse()
        html = page.read().decode()
        cookie = page.getheader("Set-Cookie", "").split(";", 1)[0]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        body = urlencode({"username": username, "password": password, "csrfmiddlewaretoken": token})
        connection.request(
            "POST",
            parts.path,
            body=body,
            headers={
                **(headers or {}),
                "Cookie": cookie,
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": f"{parts.scheme}://{parts.netloc}",
                "Referer": url,
            },
        )
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()
