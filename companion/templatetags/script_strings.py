"""``{% script_strings "net" %}``: the translated sentences of a page script, as JSON (companion/offline/strings.py)."""

from functools import lru_cache

from django import template
from django.utils.html import json_script
from django.utils.translation import get_language

from companion.offline.strings import STRINGS

register = template.Library()


@register.simple_tag
def script_strings(name: str, words=None):
    """``words``: a game's own sentences for some of the keys (``RoundWords.outbox``: "game 3", not "round 3")."""
    own = tuple((key, str(text)) for key, text in (words or {}).items())
    return _json(name, get_language(), own)


# Every page carries the "net" sentences and the match page two more sets: translating and
# encoding them again on every answer cost the match page about a millisecond (issue 35,
# "Light pages"). The same name, language and game's own words give the same JSON.
@lru_cache(maxsize=256)
def _json(name: str, language: str | None, own: tuple[tuple[str, str], ...]):
    texts = {**{key: str(text) for key, text in STRINGS[name].items()}, **dict(own)}
    return json_script(texts, f"{name}-strings")
