"""Production settings pass Django's deploy checks (refused keys: test_secret_key.py)."""

import pytest

from tests.servers import manage

pytestmark = pytest.mark.project  # settings read from the environment: the same on either database

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "k3x!-production-secret-for-tests-only-9f8e7d6c5b4a3210zyxwvut",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
    "SITE_URL": "https://scores.example.org",
}


def test_it_passes_the_deploy_checks_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def settings_seen(*names: str, **env: str) -> list[str]:
    code = f"from django.conf import settings; print(*(getattr(settings, n) for n in {names!r}))"
    done = manage("shell", "--no-imports", "-c", code, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_with_nothing_set_debug_is_off_and_plain_http_is_served():
    assert settings_seen("DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE") == [
        "False",
        "False",
        "False",
    ]


def test_debug_is_on_only_when_asked_for():
    assert settings_seen("DEBUG", DEBUG="1") == ["True"]


def test_https_only_settings_come_with_an_https_site_url():
    seen = settings_seen(
        "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", SITE_URL="https://scores.example.org"
    )
    assert seen == ["True", "True"]
