"""This machine on the venue's network: the address phones should open, and the names it answers to.

Nothing here sends a packet: the address is the one the operating system would send
from (a UDP socket "connected" to an address on no network carries no traffic).
"""

import contextlib
import ipaddress
import socket

from trainscore import data_folder

LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]
# Documentation addresses (RFC 5737/3849): asking for a route to them sends nothing.
_PROBES = [(socket.AF_INET, "198.51.100.1"), (socket.AF_INET6, "2001:db8::1")]


def is_everywhere(host: str) -> bool:
    """True for a bind address that listens on every network (0.0.0.0, ::)."""
    return host.strip("[]") in ("0.0.0.0", "::", "")  # noqa: S104 - that is what it checks


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def serve_everywhere_command() -> str:
    """What to type to serve the venue's network instead of this computer alone."""
    if data_folder.running_from_checkout():
        return "make run HOST=0.0.0.0"
    return "trainscore serve --host 0.0.0.0"


def lan_address(*, ipv6: bool = True) -> str | None:
    """The address other machines on the network reach this one at (IPv4 first, IPv6 only
    when allowed), or None when the machine is on no network."""
    probes = [probe for probe in _PROBES if ipv6 or probe[0] == socket.AF_INET]
    for family, probe in probes:
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            address = sock.getsockname()[0]
            if not is_loopback(address) and not is_everywhere(address):
                return address
    for address in _addresses_of(socket.gethostname()):
        if not is_loopback(address) and (ipv6 or ":" not in address):
            return address
    return None


def public_address(bind_host: str) -> str:
    """The address to print and to build links on for a server bound to `bind_host`."""
    if is_everywhere(bind_host):
        # 0.0.0.0 listens on IPv4 only, so only an IPv4 address would reach it.
        return lan_address(ipv6=":" in bind_host) or "127.0.0.1"
    return bind_host


def url_host(address: str) -> str:
    """An address as it goes into a URL or ALLOWED_HOSTS: IPv6 in brackets."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def own_names() -> list[str]:
    """Every name and address of this machine a browser may put in its Host header."""
    hostname = socket.gethostname()
    names = [*LOOPBACK_NAMES, hostname, f"{hostname}.local", socket.getfqdn()]
    lan = lan_address()
    addresses = [*_addresses_of(hostname), *([lan] if lan else [])]
    names += [url_host(address) for address in addresses]
    return list(dict.fromkeys(name.lower() for name in names if name))


def _addresses_of(hostname: str) -> list[str]:
    try:
        found = socket.getaddrinfo(hostname, None, proto=socket.IPPROTO_TCP)
    except OSError:
        return []
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in found))
