"""Characters a reader cannot see or that break a line, and quoting text for messages.

Kept apart from :mod:`scoring.names` so that :func:`scoring.base.describe` can
quote any text without importing the name rule.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from scoring.errors import Phrase, gettext_noop

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15).
# Python's unicodedata has no such property, and the list is short and stable.
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Control characters: C0/C1 (Cc), the line and paragraph separators, lone surrogates.
_CONTROL_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def is_invisible(char: str) -> bool:
    """A default-ignorable character: drawn as nothing at all."""
    code = ord(char)
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def is_control(char: str) -> bool:
    return unicodedata.category(char) in _CONTROL_CATEGORIES


QUOTE_MOST = 60  # characters of a text shown in a message; a longer one is cut with "…"


def _escaped(char: str) -> str:
    if char == "\\":
        return "\\\\"
    if is_control(char) or is_invisible(char):
        return f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"
    return char


def quote(text: Any, marks: str = "''") -> str:
    """``'Anna'``: text in a message, quoted, with control and invisible characters escaped.

    So a name can never start a second line of an ``error:`` message, nor hide
    the zero-width space that makes it differ from another. ``marks`` are the
    opening and closing quotation marks (``"“”"`` for typographic ones).
    """
    text = str(text)
    cut = text[:QUOTE_MOST]
    shown = "".join(_escaped(char) for char in cut)
    more = "…" if len(text) > QUOTE_MOST else ""
    return f"{marks[0]}{shown}{more}{marks[1]}"


def and_list(names) -> Phrase:
    """ "Anna, Beat and Cla" in a message, with the reader's word for "and"."""
    names = [str(name) for name in names]
    if len(names) == 1:
        return Phrase("%(last)s", last=names[0])
    return Phrase(gettext_noop("%(names)s and %(last)s"), names=", ".join(names[:-1]), last=names[-1])


LONGEST_NUMBER = 18  # digits of a whole number a message shows in full


def describe(value: Any) -> str:
    """A value as a user sees it in an error: text quoted, JSON spelling for the rest.

    Never more than one short line: text is quoted with its control characters
    escaped, and a whole number of thousands of digits is said by its length.
    """
    if isinstance(value, str):
        return quote(value) if value else Phrase(gettext_noop("an empty name"))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return Phrase(gettext_noop("a list"))
    if isinstance(value, Mapping):
        return Phrase(gettext_noop("an object"))
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value).bit_length() < 14000 else None
        if digits is None or digits > LONGEST_NUMBER:
            if digits is None:
                return Phrase(gettext_noop("a number with thousands of digits"))
            return Phrase(gettext_noop("a number with %(digits)d digits"), digits=digits)
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else Phrase(gettext_noop("a number too large"))
    return Phrase(gettext_noop("a value of the wrong kind"))
