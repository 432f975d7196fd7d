"""A staff member at the bench's server, as in a browser: logged in through /login/, posting
the tournament page's forms with the CSRF cookie (seat the next stage, start its clock)."""

import http.cookiejar
import re
import time
import urllib.parse
import urllib.request

from bench import processes

USERNAME, PASSWORD = "bench-staff", "bench-staff-password-1"
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


class Staff:
    def __init__(self, env: dict[str, str], server) -> None:
        processes.manage(
            {**env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD},
            "createsuperuser", "--noinput", "--username", USERNAME, "--email", "b@example.org",
        )  # fmt: skip
        self.cookies = http.cookiejar.CookieJar()
        self.browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.base = server.url
        self.browser.open(f"{self.base}/login/").read()
        self.post("/login/", {"username": USERNAME, "password": PASSWORD})

    def post(self, path: str, fields: dict | list) -> tuple[str, float]:
        """POST a form (redirects followed): the page it ends on, and when it was sent."""
        token = next(c.value for c in self.cookies if c.name == "csrftoken")
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        body = urllib.parse.urlencode([("csrfmiddlewaretoken", token), *pairs]).encode()
        sent = time.monotonic()
        with self.browser.open(f"{self.base}{path}", data=body) as answer:
            return answer.read().decode(), sent

    def seat_next_stage(self, code: str) -> float:
        """Draw the next stage's seats and seat them as drawn; when the seating was sent."""
        preview, _ = self.post(f"/tournaments/{code}/next/", {"step": "draw"})
        seats = [(k, v) for k, v in HIDDEN.findall(preview) if k != "csrfmiddlewaretoken"]
        if not seats:
            raise RuntimeError(f"no seats to confirm in the draw: {preview[:300]!r}")
        _, sent = self.post(f"/tournaments/{code}/next/", [*seats, ("step", "confirm")])
        return sent

    def start_clock(self, code: str, stage: int) -> float:
        _, sent = self.post(f"/tournaments/{code}/stages/{stage}/clock/", {})
        return sent
