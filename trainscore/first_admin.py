"""The one-time link that creates the first admin account.

The token is signed with SECRET_KEY, so any server process can check it without
shared state; it stops working as soon as any account exists.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core import signing

SALT = "trainscore.first-admin"
MAX_AGE = 7 * 24 * 3600


def needs_setup() -> bool:
    return not get_user_model().objects.exists()


def new_token() -> str:
    return signing.dumps(secrets.token_urlsafe(16), salt=SALT, compress=True)


def token_is_valid(token: str) -> bool:
    try:
        signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return False
    return True
