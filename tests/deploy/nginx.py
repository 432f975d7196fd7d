"""nginx for tests: the project's site config, on loopback, in its own folder.

`render_site` swaps the example values in deploy/nginx-trainscore.conf (listen port,
server name, upstream ports, static folder) for the test's, so the test runs the
file a volunteer installs. The wrapper below stands in for Debian's nginx.conf.
"""

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.servers import LOOPBACK, ROOT, ServerProcess, free_port, wait_for_http

NGINX = Path(shutil.which("nginx") or "/usr/sbin/nginx")
SITE = ROOT / "deploy" / "nginx-trainscore.conf"

MAIN_CONF = """\
{user}
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log notice;
events {{ worker_connections 512; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # When each request ended and how long it took, and which daphne process served it
    # (read by the tests: `requests`).
    log_format upstreams '$msec $request_time $request_method $uri $status $upstream_addr';
    access_log {prefix}/access.log upstreams;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/trainscore.conf;
}}
"""


def render_site(*, port: int, upstream_ports: list[int], static_root: Path) -> str:
    text = SITE.read_text()
    upstreams = re.compile(r"(?:^[ \t]*server 127\.0\.0\.1:\d+(?P<options>[^;]*);.*\n)+", re.M)
    match = upstreams.search(text)
    assert match, "deploy/nginx-trainscore.conf no longer lists its upstream servers"
    # Each process's line as the site writes them (max_fails=0 …), with the test's ports.
    options = match["options"]
    servers = "".join(f"    server {LOOPBACK}:{p}{options};\n" for p in upstream_ports)
    replacements = [
        (r"^[ \t]*listen 80;\n[ \t]*listen \[::\]:80;\n", f"    listen {LOOPBACK}:{port};\n"),
        (r"server_name scores\.example\.org;", f"server_name {LOOPBACK};"),
        (r"alias /srv/trainscore/staticfiles/;", f"alias {static_root}/;"),
        (upstreams.pattern, servers),
    ]
    for pattern, new in replacements:
        text, count = re.subn(pattern, lambda _, new=new: new, text, flags=re.MULTILINE)
        assert count == 1, f"deploy/nginx-trainscore.conf no longer matches {pattern!r}"
    return text


class Nginx(ServerProcess):
    """nginx in the foreground, as a child process of the test."""

    def __init__(self, prefix: Path, *, upstream_ports: list[int], static_root: Path):
        self.prefix = prefix
        self.port = free_port()
        prefix.mkdir(parents=True, exist_ok=True)
        site = render_site(port=self.port, upstream_ports=upstream_ports, static_root=static_root)
        (prefix / "trainscore.conf").write_text(site)
        # As root, nginx's workers would run as "nobody" and could not read tmp folders.
        user = "user root;" if os.geteuid() == 0 else ""
        (prefix / "nginx.conf").write_text(MAIN_CONF.format(user=user, prefix=prefix))
        self.process: subprocess.Popen | None = None

    def start(self) -> "Nginx":
        command = [str(NGINX), "-p", str(self.prefix), "-c", str(self.prefix / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, f"nginx refused the site config:\n{checked.stderr}"
        self.process = subprocess.Popen(
            [*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_for_http(self.url + "/healthz", process=self.process)
        return self

    def served_by(self, path_start: str, *, wait: float = 5.0) -> set[str]:
        """The daphne addresses nginx passed requests for paths starting with `path_start` to
        (requests are logged when they end; a websocket when it closes)."""
        # nginx writes the line just after the answer goes out: wait for it a moment.
        deadline = time.monotonic() + wait
        while True:
            logged = [r.upstreams for r in self.requests() if r.uri.startswith(path_start)]
            if logged or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        return {address for upstreams in logged for address in upstreams}

    def requests(self) -> list["Request"]:
        """Every request nginx has logged (when it ended), in that order."""
        return [
            Request.read(line) for line in (self.prefix / "access.log").read_text().splitlines()
        ]


@dataclass(frozen=True)
class Request:
    """A line of the test's nginx access log."""

    began: float  # seconds since the epoch
    ended: float
    method: str
    uri: str
    status: int
    upstreams: tuple[str, ...]  # the daphne processes tried, in order

    @classmethod
    def read(cls, line: str) -> "Request":
        ended, took, method, uri, status, upstreams = line.split(" ", 5)
        tried = tuple(a.strip() for a in upstreams.split(",") if a.strip() != "-")
        began = float(ended) - float(took)
        return cls(began, float(ended), method, uri, int(status), tried)
