import pytest

from tests.accounts.sign_in_kit import FAST_HASHING


@pytest.fixture
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = FAST_HASHING
