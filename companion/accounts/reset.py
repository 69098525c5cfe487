"""One-time password reset links the host makes, without any e-mail: Django's own token.

The token (``default_token_generator``) is bound to the account's password hash
and last login, so it stops working once the password is changed or the person
logs in, and after ``PASSWORD_RESET_TIMEOUT``. ``manage.py reset_link`` and the
accounts page (for the superuser) both print the link made here.
"""

from __future__ import annotations

from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


def reset_path(user) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)])
