"""The one error every engine, the match file and the ``score`` command raise.

An engine error is meant for the person at the table: one English sentence
(``str(error)``) that names the round and the problem in the table's words,
plus a stable ``code`` and its ``params`` so the web layer can translate it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def gettext_noop(text: str) -> str:
    """Marks an English message for translation without translating it here.

    ``scoring`` is pure Python, so it never translates; the name is the one
    ``makemessages`` (xgettext) already extracts, so the web layer finds every
    message template in its catalogue and translates it with
    :meth:`ScoringError.translated`.
    """
    return text


class Phrase(str):
    """Words inside a message that are translated too: a described value ("a list"), a field.

    It is the English text (so ``str(error)`` and the ``score`` command read as before)
    and keeps its template, so :meth:`ScoringError.translated` can put the reader's
    words in the reader's sentence instead of English inside German.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Phrase:
        phrase = super().__new__(cls, template % params if params else template)
        phrase.template, phrase.params = template, params
        return phrase

    def translated(self, gettext: Callable[[str], str]) -> str:
        return gettext(self.template) % self.params if self.params else gettext(self.template)


class ScoringError(ValueError):
    """An entry, option or match the rules do not allow; ``str()`` is the English sentence.

    ``code`` is stable (tests and the web layer may branch on it), ``template``
    is the English sentence with ``%(name)s`` placeholders, ``params`` fill them
    (names already quoted, values already described) and ``round`` is the
    round's number when one round breaks the rule. A plain
    ``ScoringError("sentence")`` still works, with code ``"message"``.
    """

    def __init__(self, template: str, /, code: str = "message", *, round: int | None = None, **params: Any):
        self.template = template
        self.code = code
        self.round = round
        self.params = params
        super().__init__(self.message)

    @property
    def problem(self) -> str:
        """The sentence without the round's number."""
        return self.template % self.params if self.params else self.template

    @property
    def message(self) -> str:
        if self.round is None:
            return self.problem
        return ROUND_PREFIX % {"round": self.round, "problem": self.problem}

    def __str__(self) -> str:
        return self.message

    def translated_problem(self, gettext: Callable[[str], str]) -> str:
        """The sentence without the round's number, in the user's language."""
        params = {
            key: value.translated(gettext) if isinstance(value, Phrase) else value
            for key, value in self.params.items()
        }
        return gettext(self.template) % params if params else gettext(self.template)

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The sentence in the user's language: ``gettext`` looks up every template and phrase."""
        problem = self.translated_problem(gettext)
        if self.round is None:
            return problem
        return gettext(ROUND_PREFIX) % {"round": self.round, "problem": problem}


ROUND_PREFIX = gettext_noop("round %(round)d: %(problem)s")


def round_error(number: int, code: str, template: str, **params: Any) -> ScoringError:
    """An error in round ``number``: ``round 3: points add up to 150, not 157``."""
    return ScoringError(template, code, round=number, **params)
