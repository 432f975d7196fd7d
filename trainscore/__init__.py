"""The project: settings, URLs, ASGI entry point, home, login, first-admin setup, health check."""
