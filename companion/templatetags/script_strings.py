"""``{% script_strings "net" %}``: the translated sentences of a page script, as JSON (companion/offline/strings.py)."""

from django import template
from django.utils.html import json_script

from companion.offline.strings import STRINGS

register = template.Library()


@register.simple_tag
def script_strings(name: str, words=None):
    """``words``: a game's own sentences for some of the keys (``RoundWords.outbox``: "game 3", not "round 3")."""
    texts = {**STRINGS[name], **(words or {})}
    return json_script({key: str(text) for key, text in texts.items()}, f"{name}-strings")
