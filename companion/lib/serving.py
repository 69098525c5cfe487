"""``python -m companion.lib.serving``: the host names ``make serve`` accepts when ALLOWED_HOSTS is unset.

Django answers only requests whose Host header it knows (a guard against
host-header attacks). Served on a LAN, the phones use this machine's address,
so the default is every name this machine really has: localhost, its host
name (also with .local, as phones resolve it over mDNS) and its network
addresses. A deployment under a domain sets ALLOWED_HOSTS to that domain.
"""

from __future__ import annotations

import socket

from companion.management.commands.lan_address import lan_addresses


def default_allowed_hosts() -> list[str]:
    hosts = ["localhost", "127.0.0.1", "[::1]"]
    name = socket.gethostname().strip()
    if name:
        hosts += [name, f"{name}.local"] if not name.endswith(".local") else [name]
    hosts += lan_addresses()
    return list(dict.fromkeys(hosts))


if __name__ == "__main__":
    print(",".join(default_allowed_hosts()))
