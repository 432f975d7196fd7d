"""Real server processes for tests (daphne on a free port, pointed at the test database),
and the process handling bench/processes.py shares."""

import contextlib
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
# Where every server the tests start listens (and so where a browser keeps their cookies).
LOOPBACK = "127.0.0.1"

ACCESS_LOG = re.compile(r"^\S+:\d+ - - \[")
"""The start of a line of daphne's access log."""

PIP_SECONDS = 480
"""How long one pip step of the install tests (build the wheel, install it, `make install`,
pipx) may take: ~60–100 s on a quiet CI machine, over 170 s on one running at half speed."""
INSTALL_TEST_SECONDS = 900
"""pytest-timeout for a test marked `install` (tests/conftest.py): its first test also
builds and installs the wheel that the others share."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def reachable(url: str) -> bool:
    """Whether something listens at a redis:// (or any host:port) URL."""
    parts = urlparse(url)
    try:
        with socket.create_connection((parts.hostname, parts.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def test_database_url() -> str:
    """The URL of the database pytest-django created, for a server in another process."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = f"{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}"
    return f"postgres://{user}{password}@{host}/{db['NAME']}"


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment for a child process, minus what only tests need."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {**env, **extra}


def make_step(target: str, containing: str, *assignments: str) -> list[str]:
    """The one command of `make <target>` whose line holds `containing`, read with
    `make -n` (so a test runs what the Makefile says, not a copy of it)."""
    plan = subprocess.run(
        ["make", "-n", "--no-print-directory", target, *assignments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line for line in plan.splitlines() if containing in line]
    assert len(lines) == 1, plan
    return shlex.split(lines[0])


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run manage.py in its own process, with `env` over this process's environment.

    DEBUG and SECRET_KEY are left out unless `env` sets them: the child gets the
    checkout's defaults, not whatever the shell running the tests exported.
    """
    base = {k: v for k, v in clean_env().items() if k not in ("DEBUG", "SECRET_KEY")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def start_together(*servers: "ServerProcess") -> list["ServerProcess"]:
    """Start the servers at once and wait until each answers: two daphnes are up in the
    time of one (each imports Django and the project for ~2 s). If one fails, those
    started are stopped."""
    launched = []
    try:
        for server in servers:
            launched.append(server.launch())
        return [server.ready() for server in launched]
    except BaseException:
        for server in reversed(launched):
            server.stop()
        raise


@contextlib.contextmanager
def running(*servers: "ServerProcess"):
    """Start the servers together (start_together); stop them after."""
    started = start_together(*servers)
    try:
        yield started
    finally:
        for server in reversed(started):
            server.stop()


def manage_on_test_database(*args: str) -> subprocess.CompletedProcess:
    """Run manage.py in its own process, on this test run's database."""
    return manage(*args, env={"DATABASE_URL": test_database_url()})


def until(condition: Callable[[], object], what: str, seconds: float = 20.0) -> None:
    """Wait until `condition()` holds (a test waits for what it needs, not a fixed time);
    fail saying `what` did not happen within `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.05)


def wait_for_http(url: str, timeout: float = 20.0, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


class ServerProcess:
    """A server run as a child process on a loopback port (by a test or by the bench)."""

    port: int
    process: subprocess.Popen | None = None
    returncode: int | None = None
    """How the process last ended: 0 or its own code when it stopped as asked, -9 when it
    had to be killed."""

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def start(self) -> "ServerProcess":
        raise NotImplementedError

    def launch(self) -> "ServerProcess":
        """Start the process; where the server allows it (Daphne), without waiting for it
        to answer, so that start_together starts several at once and then waits (ready())."""
        return self.start()

    def ready(self) -> "ServerProcess":
        """Wait until the launched server answers."""
        return self

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.returncode = self.process.returncode
        self.process = None


class RedisServer(ServerProcess):
    """A Redis of a test's own, which it may stop and start again, empty, on the same port
    (never the shared one at 6379: every worker's servers use that)."""

    def __init__(self) -> None:
        self.port = free_port()

    @property
    def redis_url(self) -> str:
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(
            ["redis-server", "--bind", LOOPBACK, "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not reachable(self.redis_url):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)
        return self


class PostgresServer(ServerProcess):
    """A PostgreSQL of a test's own, in a folder of its own, which it may stop and start
    again on the same port (never the shared one: every worker's databases are there).
    Run as the postgres user when the tests run as root (PostgreSQL refuses root)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="trainscore-postgres-"))
        self.bin = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1]
        self.owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.running = False
        if self.owner:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync")

    @property
    def data(self) -> str:
        return str(self.folder / "data")

    def database_url(self, name: str) -> str:
        return f"postgres://postgres@{LOOPBACK}:{self.port}/{name}"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.owner, str(self.bin / tool), *args],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> "PostgresServer":
        options = f"-p {self.port} -k {self.folder} -c listen_addresses={LOOPBACK} -c fsync=off"
        log = str(self.folder / "log")
        self._run("pg_ctl", "-D", self.data, "-l", log, "-o", options, "-w", "start")
        self.running = True
        return self

    def stop(self) -> None:
        """As an operator's `systemctl stop postgresql`: the open connections are ended."""
        if self.running:
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
            self.running = False

    def copy_of(self, source_url: str, name: str) -> str:
        """A database `name` here holding what the database at `source_url` holds; its URL."""
        self._run("createdb", "-h", LOOPBACK, "-p", str(self.port), "-U", "postgres", name)
        dump = subprocess.run(
            [str(self.bin / "pg_dump"), "--no-owner", "--no-privileges", source_url],
            check=True,
            capture_output=True,
            timeout=60,
        ).stdout
        subprocess.run(
            [str(self.bin / "psql"), "-q", "-v", "ON_ERROR_STOP=1", self.database_url(name)],
            input=dump,
            check=True,
            capture_output=True,
            timeout=60,
        )
        return self.database_url(name)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class Daphne(ServerProcess):
    """One daphne process serving the project, restartable on the same port."""

    startup_timeout = 60.0
    """A server that cannot start exits, and is seen at once; one starting on a busy machine
    (CI runs its passes side by side) took over 20 s now and then."""
    cwd = ROOT  # where it starts: the checkout, or a folder outside it for an installed app
    ready_path = "/"
    """Answered once the server is up (a server without its database answers the home
    page only after the connection pool gives up: use an address that needs none)."""

    def __init__(
        self,
        *,
        env: dict[str, str] | None = None,
        port: int | None = None,
        proxy_headers: bool = False,
    ):
        self.port = port or free_port()
        self.proxy_headers = proxy_headers  # behind nginx, as deploy/'s units run it
        self.env = clean_env(**{"DATABASE_URL": test_database_url(), **(env or {})})
        self.process: subprocess.Popen | None = None
        # A file, not a pipe: nobody reads a pipe, and a full one would stall the server.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the server)

    def command(self) -> list[str]:
        daphne = Path(sys.executable).with_name("daphne")
        trusted = ["--proxy-headers"] if self.proxy_headers else []
        return [str(daphne), "-b", LOOPBACK, "-p", str(self.port), *trusted] + [
            "trainscore.asgi:application"
        ]

    def start(self) -> "Daphne":
        return self.launch().ready()

    def launch(self) -> "Daphne":
        self.process = subprocess.Popen(
            self.command(),
            cwd=self.cwd,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        return self

    def ready(self) -> "Daphne":
        try:
            wait_for_http(
                self.url + self.ready_path, timeout=self.startup_timeout, process=self.process
            )
        except (RuntimeError, TimeoutError) as exc:
            self.stop()
            raise RuntimeError(f"daphne did not start: {exc}\n{self.output()[-2000:]}") from exc
        return self

    def output(self) -> str:
        """What the server has printed so far, for a failing test's message."""
        # pread leaves the file offset alone: the server process shares it.
        fd = self.log.fileno()
        return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace")

    def logged_since(self, mark: int) -> list[str]:
        """What it printed after `mark` (a length of `output()`) besides its access log (a
        line per request, there whether or not anything is wrong): log lines, tracebacks."""
        return [line for line in self.output()[mark:].splitlines() if not ACCESS_LOG.match(line)]

    def kill(self) -> None:
        if self.process:
            self.process.kill()
            self.process.wait()
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()
