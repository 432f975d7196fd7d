"""Scorekeeper keys: shown once at creation, stored hashed, compared in constant time."""

import hashlib
import hmac
import secrets

from django.core.cache import cache

from core import outages

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
    try:
        guesses = cache.get(_bucket(client, code), 0)
    except outages.REDIS_AWAY as exc:
        # With REDIS_URL the count lives in Redis (settings.CACHES). While Redis is away
        # keys are checked without the limit: a 144-bit key is not guessed in minutes,
        # and the scorekeeper's saves go on. Said once per outage, not once per save.
        outages.redis.failed(exc)
        return True
    outages.redis.answered()
    return guesses < GUESSES_PER_MINUTE


def count_wrong_guess(client: str, code: str) -> None:
    bucket = _bucket(client, code)
    try:
        if cache.add(bucket, 1, timeout=60):
            return
        try:
            cache.incr(bucket)
        except ValueError:  # expired between add and incr
            cache.add(bucket, 1, timeout=60)
    except outages.REDIS_AWAY as exc:
        outages.redis.failed(exc)
