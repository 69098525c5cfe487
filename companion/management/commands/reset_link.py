"""``manage.py reset_link USERNAME``: print a one-time link that sets a new password for an account.

For the host, when somebody forgot their password and no e-mail is set up:
pass the link on by hand (a message, the screen). It works once, until the
password is changed or the person logs in, and for three days at most
(``PASSWORD_RESET_TIMEOUT``).
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from companion.accounts.reset import reset_path


class Command(BaseCommand):
    help = "Print a one-time password reset link for an account (no e-mail needed)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--base-url",
            default="http://localhost:8000",
            help="the address phones open Companion at (manage.py lan_address prints it); "
            "default http://localhost:8000",
        )

    def handle(self, username, base_url, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no account called {username!r}.")
        self.stdout.write(base_url.rstrip("/") + reset_path(user))
