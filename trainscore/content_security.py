"""The Content-Security-Policy every answer carries: this site's own files and nothing else.

The app ships only its own scripts and styles (no inline script, no style attributes,
nothing from another host), so the policy can say exactly that. A page that needs more
would have to say why here, in the one place the policy is written.
"""

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    # The live socket; connect-src gets ws: and wss: on this host added per request.
    "connect-src": ["'self'"],
}


def header(host: str | None) -> str:
    """The policy for a page served on `host` (None: a host the site does not answer to)."""
    directives = dict(POLICY)
    if host:
        # CSP3 lets 'self' cover ws: and wss: on the same host; browsers before it do not.
        directives["connect-src"] = [*POLICY["connect-src"], f"ws://{host}", f"wss://{host}"]
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


def content_security_policy(get_response):
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        try:
            host = request.get_host()
        except DisallowedHost:
            host = None
        response.setdefault("Content-Security-Policy", header(host))
        return response

    return middleware
