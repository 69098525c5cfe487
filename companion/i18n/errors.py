"""The engines' errors in the reader's language.

``scoring/`` stays free of Django and writes English: each ``ScoringError`` carries a
stable ``code``, an English ``template`` marked with ``gettext_noop`` (so makemessages
puts it in the catalogue) and its ``params``. Here the web layer translates it. The
``score`` command keeps printing ``str(error)``, in English.

A house rule's error names the rule by the label the match setup shows ("Deals must be
at most 100, not 500"), not by its key: those sentences are Companion's own, by code.
"""

from django.utils.translation import gettext, gettext_lazy

from scoring.base import Phrase, ScoringError, describe

OPTION_MESSAGES = {
    "option.unset": gettext_lazy("%(label)s must be set"),
    "option.not_bool": gettext_lazy("%(label)s must be yes or no, not %(value)s"),
    "option.not_int": gettext_lazy("%(label)s must be a whole number, not %(value)s"),
    "option.too_low": gettext_lazy("%(label)s must be at least %(low)d, not %(value)s"),
    "option.too_high": gettext_lazy("%(label)s must be at most %(high)d, not %(value)s"),
    "option.not_a_choice": gettext_lazy("%(label)s must be %(choices)s, not %(value)s"),
}


def error_text(error: Exception) -> str:
    """An engine's sentence in the active language (English where it has no template yet).

    Other errors shown beside it (a round conflict) are already in the reader's language."""
    return error.translated(gettext) if isinstance(error, ScoringError) else str(error)


def option_error_text(error: ScoringError, label: str) -> str | None:
    """A house rule's error named by its ``label``, or None when the code is not a house-rule one."""
    message = OPTION_MESSAGES.get(error.code)
    return None if message is None else message % {**error.params, "label": label}


def described(value) -> str:
    """A value as an error shows it (``scoring.text.describe``), in the active language."""
    words = describe(value)
    return words.translated(gettext) if isinstance(words, Phrase) else words
