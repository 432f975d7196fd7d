"""Scorekeeper keys: shown once at creation, stored hashed, compared in constant time."""

import hashlib
import hmac
import secrets

from django.core.cache import cache

GUESSES_PER_MINUTE = 10


def new_key() -> str:
    return secrets.token_urlsafe(18)


def hash_key(key: str) -> str:
    # Keys carry 144 random bits, so a fast hash is enough: nothing to brute-force.
    return hashlib.sha256(key.encode()).hexdigest()


def key_matches(key: str, key_hash: str) -> bool:
    return hmac.compare_digest(hash_key(key), key_hash)


def _bucket(client: str, code: str) -> str:
    return f"key-guesses:{code}:{client}"


def guesses_left(client: str, code: str) -> bool:
    return cache.get(_bucket(client, code), 0) < GUESSES_PER_MINUTE


def count_wrong_guess(client: str, code: str) -> None:
    bucket = _bucket(client, code)
    if cache.add(bucket, 1, timeout=60):
        return
    try:
        cache.incr(bucket)
    except ValueError:  # expired between add and incr
        cache.add(bucket, 1, timeout=60)
