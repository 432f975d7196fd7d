"""Requests handed straight to the ASGI application, in this process, as daphne would."""


def http_scope(method: str, path: str, *headers: tuple[bytes, bytes]) -> dict:
    """A request to this site (`Host: localhost`) with these headers besides."""
    return {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"localhost"), *headers],
    }


def api_scope(method: str, path: str, key: str) -> dict:
    """A scorekeeper's API request (`Authorization: Bearer <key>`, a JSON body)."""
    return http_scope(
        method,
        path,
        (b"authorization", f"Bearer {key}".encode()),
        (b"content-type", b"application/json"),
    )
