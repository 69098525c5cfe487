"""``{% script_strings "net" %}``: the translated sentences of a page script, as JSON (companion/offline/strings.py)."""

from django import template
from django.utils.html import json_script

from companion.offline.strings import STRINGS

register = template.Library()


@register.simple_tag
def script_strings(name: str):
    return json_script({key: str(text) for key, text in STRINGS[name].items()}, f"{name}-strings")
