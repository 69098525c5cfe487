"""The German catalogue is complete, current and well-formed (issue 15).

Run ``make messages`` after adding or changing a marked string, then write the German
of every new entry in companion/locale/de/LC_MESSAGES/django.po.
"""

import re

import polib

from companion.i18n.catalogue import LOCALE_DIR

GERMAN = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%%|%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[sdifxXeEgGcr]|\{(\w+)\}")


def entries():
    return [entry for entry in polib.pofile(str(GERMAN)) if not entry.obsolete]


def translations(entry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def keys(catalogue) -> set[tuple]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in catalogue if not e.obsolete}


def placeholders(text: str) -> set[str]:
    return {match.group(0) for match in PLACEHOLDER.finditer(text)}


def test_every_marked_string_has_a_german_translation():
    missing = [e.msgid for e in entries() if not all(t.strip() for t in translations(e))]
    assert missing == [], f"{len(missing)} untranslated entries in {GERMAN.name}: {missing[:20]}"


def test_no_german_translation_is_fuzzy():
    fuzzy = [e.msgid for e in entries() if e.fuzzy]
    assert fuzzy == [], f"fuzzy entries (check the German, then remove the fuzzy flag): {fuzzy[:20]}"
    assert not polib.pofile(str(GERMAN)).metadata_is_fuzzy, "the catalogue's header is marked fuzzy"


def test_every_translation_keeps_the_placeholders_of_its_english():
    """A lost or misspelt %(name)s would raise a KeyError, a 500, at run time."""
    wrong = []
    for entry in entries():
        english = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
        for german in translations(entry):
            found = placeholders(german)
            # A plural's German may leave out %(count)s in the singular ("ein Spieler"), never add one.
            if not (found == english or (entry.msgid_plural and found < english)):
                wrong.append((entry.msgid, german))
    assert wrong == []


def test_the_german_is_written_with_swiss_spelling():
    sharp_s = [t for e in entries() for t in translations(e) if "ß" in t]
    assert sharp_s == [], "Swiss German writes ss, never ß (see the catalogue's header)"
