"""Finding English on a page that should be German (issue 15).

The English of every catalogue entry whose German differs is a pattern: placeholders
match any text, tags are dropped, and it must stand between word boundaries. A
one-word entry ("Players") counts only when it is a whole line of the page (a
button, a heading, a cell), so German text that merely contains it does not; longer
entries count anywhere. Besides, a few English function words ("the", "and", …)
that German never uses catch a sentence that was never marked for translation.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser

import polib

from companion.i18n.catalogue import LOCALE_DIR

PLACEHOLDER = re.compile(r"%%|%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[sdifxXeEgGcr]|\{\w+\}")
TAG = re.compile(r"<[^>]+>")
# Words of English sentences that German text never contains (as whole words).
ENGLISH_WORDS = re.compile(
    r"(?<![\w'\u2019-])"
    r"(the|and|of|with|is|are|you|your|this|that|from|to|for|has|not|on|by|it|or|he|his|can|must|be)"
    r"(?![\w'\u2019-])"
)
# Inline tags join text; every other tag ends a line.
INLINE = {"strong", "em", "b", "i", "small", "span", "abbr", "code", "sup", "sub", "time", "mark", "wbr"}
SKIPPED = {"script", "style", "svg", "template"}
# Attributes a person reads or hears, and the data attributes scripts show.
READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt", "aria-description", "aria-roledescription"}


def _plain(text: str) -> str:
    return " ".join(html.unescape(TAG.sub("", text)).split())


@dataclass(frozen=True)
class English:
    msgid: str
    pattern: re.Pattern
    one_word: bool


def _pattern(msgid: str) -> English | None:
    text = _plain(msgid)
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(text):
        parts.append(re.escape(text[last : match.start()]))
        parts.append("%" if match.group(0) == "%%" else ".+?")
        last = match.end()
    parts.append(re.escape(text[last:]))
    body = "".join(parts)
    if not re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", text)):
        return None  # nothing English in it ("%(a)s + %(b)s")
    one_word = " " not in text.strip() and not PLACEHOLDER.search(text)
    return English(msgid, re.compile(rf"(?<!\w){body}(?!\w)"), one_word)


@functools.cache
def english_entries(language: str = "de") -> tuple[English, ...]:
    """The English of every entry whose translation differs from it, as patterns."""
    catalogue = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"))
    entries = [entry for entry in catalogue if not entry.obsolete]
    translated = {
        _plain(text)
        for entry in entries
        for text in (entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr])
    }
    found = []
    for entry in entries:
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            if _plain(msgid) in translated:
                continue  # the same in both languages ("Murlan", "Joker", "Total")
            english = _pattern(msgid)
            if english and not any(
                english.pattern.search(text) for text in translated if not english.one_word
            ):
                found.append(english)
    return tuple(found)


class _Lines(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]
        self.attributes: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or (name.startswith("data-") and " " in value.strip())):
                self.attributes.append(" ".join(value.split()))
            elif value and (
                (name == "content" and ("name", "description") in attrs)
                or (name == "value" and ("type", "submit") in attrs)
            ):
                self.attributes.append(value)
        if tag not in INLINE:
            self.lines.append("")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in SKIPPED:
            self.skipping -= 1

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        if tag not in INLINE:
            self.lines.append("")

    def handle_data(self, data):
        if not self.skipping:
            self.lines[-1] += data


def page_texts(page_html: str) -> tuple[list[str], list[str]]:
    """The lines of text a person reads, and the attribute texts (labels, titles, script words)."""
    parser = _Lines()
    parser.feed(page_html)
    lines = [" ".join(line.split()) for line in parser.lines]
    return [line for line in lines if line], parser.attributes


def english_on_page(page_html: str, *, allowed: tuple[str, ...] = (), unmarked: bool = True) -> list[str]:
    """What on the page is English: catalogue entries as "msgid ← line", unmarked words as "word ← line".

    ``allowed``: whole texts that are data, not interface (a user called "owner"). ``unmarked``:
    also look for English function words (a sentence never marked for translation)."""
    lines, attributes = page_texts(page_html)
    texts = [text for text in lines + attributes if text not in allowed]
    found = []
    for text in texts:
        for english in english_entries():
            if english.one_word:
                if english.pattern.fullmatch(text.strip(" .:·\u2013\u2014()")):
                    found.append(f"{english.msgid!r} ← {text!r}")
            elif english.pattern.search(text):
                found.append(f"{english.msgid!r} ← {text!r}")
    for text in lines if unmarked else ():
        if text not in allowed and ENGLISH_WORDS.search(text):
            found.append(f"{ENGLISH_WORDS.search(text).group(0)!r} ← {text!r}")
    return sorted(set(found))
