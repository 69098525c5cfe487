"""``python -m companion.lib.serving``: the host names ``make serve`` accepts when ALLOWED_HOSTS is unset.

Django answers only requests whose Host header it knows (a guard against
host-header attacks). Served on a LAN, the phones use this machine's address,
so the default is every name this machine really has: localhost, its host
name (also with .local, as phones resolve it over mDNS) and its network
addresses. A deployment under a domain sets ALLOWED_HOSTS to that domain.
``manage.py lan_address`` prints the same addresses as links for the phones.
"""

from __future__ import annotations

import socket
import subprocess


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback, found without sending anything."""
    found: list[str] = []
    try:
        output = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
        found = [a for a in output.split() if "." in a]
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
            found = sorted({info[4][0] for info in infos})
        except OSError:
            pass
    return [address for address in found if not address.startswith("127.")]


def default_allowed_hosts() -> list[str]:
    hosts = ["localhost", "127.0.0.1", "[::1]"]
    name = socket.gethostname().strip()
    if name:
        hosts += [name, f"{name}.local"] if not name.endswith(".local") else [name]
    hosts += lan_addresses()
    return list(dict.fromkeys(hosts))


if __name__ == "__main__":
    print(",".join(default_allowed_hosts()))
