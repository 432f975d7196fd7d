"""A page whose websockets are refused until the test lets them through: the kit of the
tests that show a page polling while its socket is down."""

import re


class RefusedSockets:
    """Refuses the page's websockets to addresses matching `sockets`, closing them with
    `code`, counts them (`tries`), and notes every request whose address holds `reads` (the
    polls). Installs the page's fake clock."""

    def __init__(self, page, sockets: str, reads: str, code: int = 1011) -> None:
        self.page = page
        self.allowed = False
        self.code = code
        self.tries = 0
        self.reads: list[str] = []
        page.clock.install()
        page.route_web_socket(re.compile(sockets), self._route)
        page.on("request", lambda r: self.reads.append(r.url) if reads in r.url else None)

    def _route(self, socket) -> None:
        self.tries += 1
        if self.allowed:
            socket.connect_to_server()
        else:
            socket.close(code=self.code, reason="refused by the test")

    def let_through(self, status) -> None:
        """Let sockets through, and step the clock until `status` says live (or long
        enough that it should have: the longest back-off is 30 s)."""
        self.allowed = True
        for _ in range(65):
            if status.get_attribute("data-state") == "live":
                return
            self.page.clock.run_for(500)
            self.page.wait_for_timeout(20)  # so the network keeps up with the clock
