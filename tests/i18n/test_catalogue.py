"""The German catalogue is complete, current and well-formed (issue 15).

Run ``make messages`` after adding or changing a marked string, then write the German
of every new entry in companion/locale/de/LC_MESSAGES/django.po.
"""

import re
import shutil

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

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


def test_the_catalogue_is_current_with_the_code(tmp_path, monkeypatch):
    """makemessages on a copy of the catalogue finds no entry to add and none to remove."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.fail("GNU gettext is missing: make system-deps installs it (apt-get install gettext)")
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.chdir(settings.BASE_DIR)
    with override_settings(LOCALE_PATHS=[copy]):
        call_command("makemessages", locale=["de"], verbosity=0)
    current = keys(polib.pofile(str(copy / "de" / "LC_MESSAGES" / "django.po")))
    committed = keys(polib.pofile(str(GERMAN)))
    new = sorted(m for _, m, _ in current - committed)
    gone = sorted(m for _, m, _ in committed - current)
    assert (new, gone) == ([], []), (
        "The catalogue is out of date with the code: run `make messages` and translate the new "
        f"entries.\nNew in the code: {new[:30]}\nNo longer in the code: {gone[:30]}"
    )
