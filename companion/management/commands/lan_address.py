"""``manage.py lan_address``: print the addresses a phone on the same network can open."""

import socket
import subprocess

from django.core.management.base import BaseCommand


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


class Command(BaseCommand):
    # No system checks: make run and make serve check once (migrate or runserver), not at every step.
    requires_system_checks = []
    help = "Print the URLs at which phones on the local network reach Companion."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, **options):
        port = options["port"]
        self.stdout.write(f"Companion on this machine: http://127.0.0.1:{port}/")
        addresses = lan_addresses()
        for address in addresses:
            self.stdout.write(f"Open on a phone on the same network: http://{address}:{port}/")
        if not addresses:
            self.stdout.write("No network address found: phones cannot reach this machine yet.")
