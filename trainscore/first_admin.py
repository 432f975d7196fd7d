"""The one-time link that creates the first admin account.

The token is signed with SECRET_KEY, so any server process can check it without
shared state; it stops working as soon as any account exists. Two people sending the
form at the same moment, to any processes, make one admin: the second finds the first.
"""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import BaseUserCreationForm
from django.core import signing
from django.db import transaction

from core.exclusive import wait_for_turn

SALT = "trainscore.first-admin"
MAX_AGE = 7 * 24 * 3600
LOCK = 7_341_014  # any number no other part of the project locks on


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


def create_admin(form: BaseUserCreationForm) -> AbstractBaseUser | None:
    """Save the valid `form` as the first admin; None when an account exists by now."""
    with transaction.atomic():
        wait_for_turn(LOCK)
        if not needs_setup():
            return None
        user = form.save(commit=False)
        user.is_staff = True
        user.is_superuser = True
        user.save()
    return user
