"""``manage.py lan_address``: print the addresses a phone on the same network can open."""

from django.core.management.base import BaseCommand

from companion.lib.serving import lan_addresses


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
