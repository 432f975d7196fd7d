"""The processes a bench run starts: servers, the client process, and a scratch database."""

import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.report import Run
from tests.servers import ServerProcess, free_port, wait_for_http

ROOT = Path(__file__).resolve().parent.parent
# The checkout whose server is measured: this one, or another (BENCH_TREE) to try a patch.
TREE = Path(os.environ.get("BENCH_TREE", ROOT)).resolve()
BIN = Path(sys.executable).parent


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} exited with code {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used so far (user + system), from /proc.

    Unlike wall-clock times, this hardly moves when other programs load the machine.
    """
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server(ServerProcess):
    """One server process on a free port; knows its own memory."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], *, http: bool = True):
        self.name = name
        self.port = free_port()
        self.argv = [a.replace("{port}", str(self.port)) for a in argv]
        self.env = env
        self.http = http

    def start(self) -> "Server":
        # A file, not a pipe: a server logging many errors must not block on a full pipe.
        self.log = tempfile.NamedTemporaryFile(prefix=f"bench-{self.name}-", suffix=".log")  # noqa: SIM115
        self.process = subprocess.Popen(
            self.argv, cwd=TREE, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        try:
            if self.http:
                wait_for_http(self.url + "/", timeout=30.0, process=self.process)
            else:
                wait_for_port(self.port, self.process)
        except (RuntimeError, TimeoutError) as exc:
            errors = self.stop()
            raise RuntimeError(f"{self.name} did not start: {exc}\n{errors}") from exc
        return self

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.process.pid)

    def memory(self) -> dict[str, int]:
        """Resident memory now and at its peak, in bytes, from /proc."""
        found = {}
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    found[key] = int(value.split()[0]) * 1024
        return {"rss": found.get("VmRSS", 0), "peak": found.get("VmHWM", 0)}

    def stop(self) -> str:
        """Stop the process; return the end of what it wrote to stderr."""
        if self.process is None:
            return ""
        super().stop()
        self.log.seek(0)
        output = self.log.read().decode(errors="replace")
        self.log.close()
        return output[-4000:]


def daphne(name: str, application: str, env: dict[str, str]) -> Server:
    return Server(name, [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", "{port}", application], env)


class Client:
    """The viewers' process (bench/viewers.py), spoken to in JSON lines."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "viewers.py")],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def call(self, cmd: str, **arguments) -> dict:
        self.process.stdin.write(json.dumps({"cmd": cmd, **arguments}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the client process ended during {cmd!r}")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the client process failed at {cmd!r}: {answer['error']}")
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(RuntimeError, BrokenPipeError, ValueError):
                self.call("quit")
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=TREE,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def new_game(env: dict[str, str]) -> dict:
    out = manage(env, "newgame", "--ruleset", "mexican-train", "--players", "A,B,C", "--json")
    return json.loads(out.strip().splitlines()[-1])


class ScratchPostgres:
    """A database of its own on the local PostgreSQL, dropped afterwards."""

    def __init__(self, server: str = "postgres://postgres@127.0.0.1:5432") -> None:
        self.server = server
        self.name = f"bench_{os.getpid()}"

    @property
    def url(self) -> str:
        return f"{self.server}/{self.name}"

    def _run(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"{self.server}/postgres", autocommit=True) as connection:
            connection.execute(sql)

    def create(self) -> "ScratchPostgres":
        self._run(f'DROP DATABASE IF EXISTS "{self.name}"')
        self._run(f'CREATE DATABASE "{self.name}"')
        return self

    def drop(self) -> None:
        self._run(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Profile:
    """The servers' CPU time while the block runs (`.cpu`), and py-spy samples of them
    when given a folder.

    Writes one collapsed-stack file per server (`--format raw`: one line per stack with
    its sample count), the input of flame graphs and of `bench/hotspots.py`.
    """

    def __init__(self, folder: Path | None, name: str, servers, client=None) -> None:
        self.folder, self.name, self.servers = folder, name, servers
        self.client = client
        self.samplers: list[subprocess.Popen] = []

    def __enter__(self) -> "Profile":
        self.cpu_at_start = sum(server.cpu_seconds() for server in self.servers)
        self.client_cpu_at_start = cpu_seconds(self.client.process.pid) if self.client else 0
        if self.folder is None:
            return self
        self.folder.mkdir(parents=True, exist_ok=True)
        for i, server in enumerate(self.servers):
            out = self.folder / f"{self.name}-{i}.txt"
            argv = [str(BIN / "py-spy"), "record", "--pid", str(server.process.pid)]
            argv += ["--format", "raw", "--rate", "500", "--nonblocking", "--output", str(out)]
            sampler = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.samplers.append(sampler)
        time.sleep(0.5)  # let py-spy attach before the timed part begins
        return self

    def __exit__(self, *exc) -> None:
        self.cpu = sum(server.cpu_seconds() for server in self.servers) - self.cpu_at_start
        if self.client:
            self.client_cpu = cpu_seconds(self.client.process.pid) - self.client_cpu_at_start
        for sampler in self.samplers:
            sampler.send_signal(signal.SIGINT)
        for sampler in self.samplers:
            try:
                sampler.wait(timeout=20)
            except subprocess.TimeoutExpired:
                sampler.kill()
                sampler.wait()


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def project_env(workdir: Path, *, database_url: str, redis_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        DATABASE_URL=database_url,
        DATA_DIR=str(workdir),
        # Production-like: DEBUG off, plain HTTP on the loopback.
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(40),
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


@contextlib.contextmanager
def started(servers):
    """Start the servers; stop them afterwards, saying what they logged as errors."""
    for server in servers:
        server.start()
    try:
        yield servers
    finally:
        for server in servers:
            output = server.stop()
            errors = [line for line in output.splitlines() if "Error" in line]
            if errors:
                say(f"{server.name} logged errors, such as: {errors[-1][:300]}")


def daphnes(name: str, env, count: int) -> list:
    return [daphne(f"{name}-{i}", "trainscore.asgi:application", env) for i in range(count)]


def memory(servers) -> tuple[int, int]:
    """The servers' memory in bytes, all together: resident now, and its peak."""
    used = [server.memory() for server in servers]
    return sum(u["rss"] for u in used), sum(u["peak"] for u in used)


def memory_of(run: Run, servers) -> None:
    rss, peak = memory(servers)
    run.memory += rss
    run.memory_peak += peak
