"""The path converter of every id in an address: digits that fit the database's integer.

Django's own ``int`` converter takes any number of digits. An id beyond what a
64-bit integer holds (``/players/9223372036854775808/link/confirm/``) then reached
the query, and SQLite refused it with ``OverflowError``: a server error where
any other unknown id is a 404. With this converter such an address matches no
URL pattern, so it is the same 404.
"""

from __future__ import annotations

# The largest value of a 64-bit signed integer: SQLite's INTEGER, PostgreSQL's bigint.
LARGEST_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError("beyond the largest id")  # no match: the 404 of an unknown address
        return number

    def to_url(self, value: int) -> str:
        return str(value)
