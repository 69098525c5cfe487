"""The engines' errors in the reader's language.

``scoring/`` stays free of Django and writes English: each ``ScoringError`` carries a
stable ``code``, an English ``template`` marked with ``gettext_noop`` (so makemessages
puts it in the catalogue) and its ``params``. Here the web layer translates it. The
``score`` command keeps printing ``str(error)``, in English.

A house rule's error names the rule by the label the match setup shows ("Deals must be
at most 100, not 500"), not by its key: those sentences are Companion's own, by code.
"""

from django.utils.translation import get_language, gettext, gettext_lazy

from scoring.base import Phrase, ScoringError, describe

OPTION_MESSAGES = {
    "option.unset": gettext_lazy("%(label)s must be set"),
    "option.not_bool": gettext_lazy("%(label)s must be yes or no, not %(value)s"),
    "option.not_int": gettext_lazy("%(label)s must be a whole number, not %(value)s"),
    "option.too_low": gettext_lazy("%(label)s must be at least %(low)d, not %(value)s"),
    "option.too_high": gettext_lazy("%(label)s must be at most %(high)d, not %(value)s"),
    "option.not_a_choice": gettext_lazy("%(label)s must be %(choices)s, not %(value)s"),
}


# The name rule's "blank" error quotes the name with escapes ('\u200b'): right for the
# ``score`` command's one-line messages, unreadable for a person who typed something
# that shows nothing. The web says it in words, without the name.
BLANK_NAME = gettext_lazy("This name is blank: it has no visible character.")
BLANK_NAME_OF_PLAYER = gettext_lazy("the name of player %(number)d is blank: it has no visible character")


def sentence(text: str) -> str:
    """An engine's or the reader's message as a page shows it: a capital first letter.

    The messages start in lower case so they can follow a place ("match 2: round 5: …") and
    so the ``score`` command prints them as it always did; a page shows them on their own.
    """
    first = text[:1]
    capital = first.upper()
    return (capital if len(capital) == 1 else first) + text[1:]


def name_error_text(error: ScoringError) -> str:
    """A name-rule error (``scoring.names.name_problem``) as a person reads it where they typed the name."""
    return str(BLANK_NAME) if error.code == "name.blank" else error_text(error)


def round_error_text(error: Exception, problem_in) -> str:
    """An engine error about one round, the round named with the game's word (``RoundWords.problem_in``).

    The engine's own prefix says "round 3"; Elfer raus! plays games and Murlan hands ("Game 3: …").
    Shown on its own (by Save, in the live preview), so it starts with a capital."""
    if isinstance(error, ScoringError) and error.round is not None:
        return sentence(
            str(problem_in)
            % {"round": error.round, "problem": after_colon(error.translated_problem(gettext))}
        )
    return sentence(error_text(error))


# Languages that start a whole sentence after a colon with a capital letter: "Runde 3: Die Punkte
# fehlen", where English writes "Round 3: the points are missing".
CAPITAL_AFTER_COLON = ("de",)


def after_colon(text: str) -> str:
    """An engine's sentence as it follows "Round 3:" in the active language."""
    language = (get_language() or "en").split("-")[0]
    return sentence(text) if language in CAPITAL_AFTER_COLON else text


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
