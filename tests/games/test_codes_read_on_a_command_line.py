"""A code is never read as an option: `trainscore nextstage CODE` takes any code the app
made, so none begins with "-" (a token_urlsafe code would, one time in 64)."""

import secrets
from unittest import mock

from games.models import new_code


def test_a_code_never_begins_with_a_dash():
    drawn = iter(["-AbCdEfGhIjK", "--bCdEfGhIjK", "xAbCdEfGhIjK"])
    with mock.patch.object(secrets, "token_urlsafe", lambda _: next(drawn)):
        assert new_code() == "xAbCdEfGhIjK"


def test_codes_are_still_twelve_random_url_safe_characters():
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(code) == 12 and not code.startswith("-") for code in codes)
