"""nginx never takes a daphne process out of the rotation for a failure (the site's
max_fails=0): a process that refused a request while it restarted gets visitors again as
soon as it is back, not 10 s later, and the request it refused went to the other one."""

import urllib.request

from tests.deploy.units import DeployedDaphne
from tests.servers import running

REQUESTS = 6


def test_a_process_back_from_a_restart_gets_visitors_at_once(nginx, transactional_db):
    with running(DeployedDaphne(), DeployedDaphne()) as (first, second):
        proxy = nginx([first.port, second.port])
        first.kill()
        # nginx tries the dead process (the fewest connections), fails, and asks the other.
        for _ in range(REQUESTS):
            with urllib.request.urlopen(proxy.url + "/healthz", timeout=10) as answer:
                assert answer.status == 200
        refused = [r for r in proxy.requests() if len(r.upstreams) == 2]
        assert refused, "a request found the dead process and went on to the other one"

        first.start()  # on the same port
        before = len(proxy.requests())
        for _ in range(REQUESTS):
            with urllib.request.urlopen(proxy.url + "/healthz", timeout=10) as answer:
                assert answer.status == 200
        served = {r.upstreams[-1] for r in proxy.requests()[before:]}
        assert served == {f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"}
