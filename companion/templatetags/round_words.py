"""``{{ game_parts.words.undo|numbered:last_number }}``: a game's sentence about a round, with its number.

``{% with words=match|round_words %}{{ words.count|counted:match.round_count }}{% endwith %}`` where a
page lists the matches of several games.

The sentences are ``companion.games.words.RoundWords`` (translated, with ``%(number)s``);
a template cannot fill a placeholder of a text it did not write itself.
"""

from django import template

from companion.games import registry

register = template.Library()


@register.filter
def numbered(text, number) -> str:
    return str(text) % {"number": number}


@register.filter
def counted(text, count) -> str:
    """``{{ words.count|counted:match.round_count }}``: "3 games", "1 hand"."""
    return text % {"count": count}


@register.filter
def round_words(match):
    """The words of a match's game, where a page lists matches of several games."""
    return registry.get(match.game).words
