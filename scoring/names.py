"""The name rule: what a player's name may be, and when two names are the same.

One rule for the match file, the ``score`` command, the import and the players
and nights made in the web app (docs/match-format.md, "Names"):

* a name is text with no control character: no line break (``\\n``, ``\\r``, the
  Unicode line and paragraph separators), no tab, no other C0/C1 control, and no
  lone surrogate (which JSON can smuggle in as ``"\\ud800"``);
* it holds no bidirectional embedding, override or isolate character
  (U+202A to U+202E, U+2066 to U+2069: they turn the text after them around on screen,
  so "Anna" could show as another name and spill into what follows) and no tag
  character (U+E0000 to U+E007F: invisible text riding along with the name);
* it has at least one visible character: a name made only of spaces and
  invisible characters is blank;
* it is at most :data:`NAME_MOST` (40) characters long: a name is refused, never
  cut, so what is stored is what was typed;
* two names that differ only in letter case, in invisible characters or in
  how spaces are written are the **same name**: a match cannot seat it twice.

*Invisible* characters are Unicode's default-ignorable code points (zero-width
space and joiners, direction marks and embeddings, the word joiner, the soft
hyphen, variation selectors, the byte-order mark, Hangul fillers, tags, …):
text renderers draw nothing for them, so ``"Anna"`` and ``"An\\u200bna"`` look
alike and must not be two people.

Decisions:

* Case is compared with ``casefold`` ("STRASSE" and "straße" are one name),
  after canonical normalisation (a precomposed "é" and "e" + combining accent
  are one name).
* Spaces count as spaces, not as invisible characters: "Anna Lena" and
  "AnnaLena" are two names, but leading, trailing and repeated spaces (of any
  Unicode kind) do not make a new name, since a reader cannot see them.
* The rule does not tidy a name: it says whether a name is allowed and what it
  compares as. Tidying (stripping spaces) is the web form's business.

API (pure Python, no Django):

* :func:`name_problem` -> ``None`` or the :class:`ScoringError` a name breaks;
* :func:`check_name` -> the name, or raises that error;
* :func:`name_key` -> what a name compares as (use it for uniqueness checks);
* :func:`same_name` -> whether two names are the same name;
* :func:`check_seating` -> checks a whole list of seated names;
* :func:`text_problem` -> ``None`` or the :class:`ScoringError` of other text a
  person types (a night's title and place): no control, direction or tag
  character;
* :func:`has_control`, :func:`is_blank` -> two of the checks on their own (a
  night's notes may hold line breaks; a title must not be blank);
* :func:`quote` -> a name as messages show it: quoted, every invisible or
  control character escaped, so a name can never break a message's line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from scoring.errors import ScoringError, gettext_noop
from scoring.text import describe, is_control, is_invisible, quote

NAME_MOST = 40  # characters

# Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI).
_DIRECTION_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
_TAGS = range(0xE0000, 0xE0080)


def has_direction_control(text: str) -> bool:
    """Whether ``text`` holds a bidirectional embedding, override or isolate character."""
    return any(char in _DIRECTION_CONTROLS for char in text)


def has_tag(text: str) -> bool:
    """Whether ``text`` holds a tag character (U+E0000 to U+E007F)."""
    return any(ord(char) in _TAGS for char in text)


def has_control(text: str, *, allowed: str = "") -> bool:
    """Whether ``text`` holds a control character other than those in ``allowed`` (e.g. ``"\\n"`` in notes)."""
    return any(is_control(char) and char not in allowed for char in text)


def is_blank(text: str) -> bool:
    """Only spaces and invisible characters (or nothing at all)."""
    return all(char.isspace() or is_invisible(char) for char in text)


def text_problem(text: str, *, allowed: str = "") -> ScoringError | None:
    """Why ``text`` a person typed beside names (a night's title or place) cannot be kept, or ``None``.

    The codes are ``text.control``, ``text.direction`` and ``text.tag``; a form says
    each in its own words ("A title cannot hold …"). ``allowed``: control
    characters the text may hold (line breaks in notes).
    """
    if has_control(text, allowed=allowed):
        return ScoringError(
            gettext_noop("the text %(text)s holds a control character such as a line break"),
            "text.control",
            text=quote(text),
        )
    if has_direction_control(text):
        return ScoringError(
            gettext_noop("the text %(text)s holds a character that turns the writing direction around"),
            "text.direction",
            text=quote(text),
        )
    if has_tag(text):
        return ScoringError(
            gettext_noop("the text %(text)s holds an invisible tag character"), "text.tag", text=quote(text)
        )
    return None


def name_problem(name: Any) -> ScoringError | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can."""
    if not isinstance(name, str) or not name:
        return ScoringError(
            gettext_noop("player names must be non-empty text, not %(what)s"),
            "name.not_text",
            what=describe(name),
        )
    if has_control(name):
        return ScoringError(
            gettext_noop("the name %(name)s holds a control character such as a line break"),
            "name.control",
            name=quote(name),
        )
    if has_direction_control(name):
        return ScoringError(
            gettext_noop("the name %(name)s holds a character that turns the writing direction around"),
            "name.direction",
            name=quote(name),
        )
    if has_tag(name):
        return ScoringError(
            gettext_noop("the name %(name)s holds an invisible tag character"), "name.tag", name=quote(name)
        )
    if is_blank(name):
        return ScoringError(
            gettext_noop("the name %(name)s is blank: it has no visible character"),
            "name.blank",
            name=quote(name),
        )
    if len(name) > NAME_MOST:
        return ScoringError(
            gettext_noop("the name %(name)s is %(length)d characters long: a name has at most %(most)d"),
            "name.too_long",
            name=quote(name),
            length=len(name),
            most=NAME_MOST,
        )
    return None


def check_name(name: Any) -> str:
    """``name`` if it may be a player's name, else raises :class:`ScoringError`."""
    problem = name_problem(name)
    if problem is not None:
        raise problem
    return name


def name_key(name: str) -> str:
    """What a name compares as: no invisible characters, spaces tidied, case folded."""
    visible = "".join(char for char in name if not is_invisible(char))
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFD", visible).casefold())
    return unicodedata.normalize("NFC", " ".join(folded.split()))


def same_name(first: str, second: str) -> bool:
    return name_key(first) == name_key(second)


def check_seating(names: Iterable[Any]) -> tuple[str, ...]:
    """Every name allowed and no name seated twice (in any spelling); raises :class:`ScoringError`."""
    seated: dict[str, str] = {}
    for name in names:
        check_name(name)
        key = name_key(name)
        if key in seated:
            if seated[key] == name:
                raise ScoringError(
                    gettext_noop("player %(name)s is seated twice"), "name.seated_twice", name=quote(name)
                )
            raise ScoringError(
                gettext_noop("%(first)s and %(second)s are the same name, so a match cannot seat both"),
                "name.same",
                first=quote(seated[key]),
                second=quote(name),
            )
        seated[key] = name
    return tuple(seated.values())
