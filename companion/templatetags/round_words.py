"""``{{ game_parts.words.undo|numbered:last_number }}``: a game's sentence about a round, with its number.

The sentences are ``companion.games.words.RoundWords`` (translated, with ``%(number)s``);
a template cannot fill a placeholder of a text it did not write itself.
"""

from django import template

register = template.Library()


@register.filter
def numbered(text, number) -> str:
    return str(text) % {"number": number}
