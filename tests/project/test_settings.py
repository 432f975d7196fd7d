"""Production settings: refuse an unsafe start, and pass Django's deploy checks."""

from tests.servers import manage

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "k3x!-production-secret-for-tests-only-9f8e7d6c5b4a3210zyxwvut",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
}


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = manage("check", env={"DEBUG": "0"})
    assert result.returncode != 0
    assert "set the SECRET_KEY environment variable" in result.stderr


def test_it_passes_the_deploy_checks_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
