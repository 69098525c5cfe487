"""The tokens of invite and share links: the link carries the token, the database only its hash.

A share link's or an invite's token is a bearer key: whoever has it watches or may
join. Kept in clear, every unexpired one was in each backup and in a copy of the
database. Now a row holds:

- ``token_hash``: the SHA-256 of the token, as API keys are kept; a request's token
  is hashed and looked up by this unique column;
- ``token_seed``: a random value from which the token is derived with the server's
  ``SECRET_KEY`` (an HMAC), so that the share page and the invites page can show the
  link and its QR code again. This is needed: the owner shows the code at the table
  whenever somebody arrives, and members see a night's share link. The seed alone
  opens nothing; the key that turns it into the token is not in the database nor in
  a backup (``manage.py backup``), so a leaked backup lets nobody join or watch.

Links made before this (their rows hold only the hash, migration 0012) keep working;
Companion can no longer show them, and a new link shows as before. A link made
under an earlier ``SECRET_KEY`` still in ``SECRET_KEY_FALLBACKS`` is shown as well.
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from django.conf import settings
from django.utils.crypto import salted_hmac

TOKEN_CHARACTERS = 32  # 192 bits, URL-safe


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def derive(seed: str, purpose: str, secret: str | None = None) -> str:
    mac = salted_hmac(f"companion.lib.tokens.{purpose}", seed, secret=secret, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(mac).decode()[:TOKEN_CHARACTERS]


def new_token(purpose: str) -> tuple[str, str, str]:
    """A fresh ``(token, seed, hash)``: the link gets the token, the row the seed and the hash."""
    seed = secrets.token_urlsafe(24)
    token = derive(seed, purpose)
    return token, seed, token_hash(token)


def recover(seed: str, stored_hash: str, purpose: str) -> str:
    """The token of a row, or "" when it cannot be told (a link from before, or another key)."""
    if not seed:
        return ""
    for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS):
        token = derive(seed, purpose, secret)
        if secrets.compare_digest(token_hash(token), stored_hash):
            return token
    return ""
