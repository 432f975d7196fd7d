import pytest

from tests.conftest import require
from tests.deploy.nginx import NGINX, Nginx
from tests.games.database_outage import own_postgres  # noqa: F401 (a fixture)
from tests.live.conftest import own_redis  # noqa: F401 (a fixture)


@pytest.fixture
def nginx(tmp_path):
    """Start nginx with the project's site config in front of the given daphne ports."""
    require(NGINX.exists(), f"nginx is not installed at {NGINX}", "REQUIRE_SERVICES")
    started = []

    def start(upstream_ports: list[int], static_root=None) -> Nginx:
        static_root = static_root or tmp_path / "staticfiles"
        static_root.mkdir(exist_ok=True)
        server = Nginx(tmp_path / "nginx", upstream_ports=upstream_ports, static_root=static_root)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()
