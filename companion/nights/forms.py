"""Forms for game nights and the roster of players."""

from __future__ import annotations

import re
import unicodedata

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from companion.i18n.errors import name_error_text
from companion.models import GameNight, Player
from scoring.names import name_problem, same_name

# A player's colour goes into a style attribute (--player-colour): only #rrggbb gets there.
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
KEYCAP = "\u20e3"  # 1️⃣: a digit is an emoji only with the keycap after it


def is_emoji_only(text: str) -> bool:
    """No letter, no spaces, and no digit outside a keycap: the standings card has room for a
    symbol beside the name, not for a second name ("xxxxxxxx" pushed the name out of it)."""
    if any(char.isspace() for char in text):
        return False
    kinds = {unicodedata.category(char)[0] for char in text}
    return "L" not in kinds and ("N" not in kinds or KEYCAP in text)


class GameNightForm(forms.ModelForm):
    class Meta:
        model = GameNight
        fields = ("title", "date", "place", "notes")
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }
        # The app's own sentences, said at the field (the forms are novalidate: no browser bubbles).
        error_messages = {
            "title": {"required": _("A game night needs a title.")},
            "date": {"required": _("Choose the night's date."), "invalid": _("Choose the night's date.")},
        }

    def clean_title(self):
        """A title follows the name rule (scoring/names.py): no control character, something visible."""
        title = self.cleaned_data["title"].strip()
        problem = name_problem(title)
        if problem is not None and problem.code == "name.control":
            raise forms.ValidationError(_("A title cannot hold a control character such as a line break."))
        if problem is not None:
            raise forms.ValidationError(_("A title needs a visible character."))
        return title


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ("name", "emoji", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}
        error_messages = {"name": {"required": _("A player needs a name.")}}

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.owner = owner
        if self.instance.pk is None and not self.is_bound:
            # A new player starts with a colour none (or the fewest) of the owner's players have.
            from companion.nights.roster import next_colour

            self.initial.setdefault("colour", next_colour(owner.pk))

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A player needs a name."))
        # The name rule (scoring/names.py): no control character, something visible, and
        # "anna" or "An\u200bna" is the same name as "Anna" (compared in Python: SQLite's
        # LOWER() knows only ASCII, and no database ignores invisible characters).
        problem = name_problem(name)
        if problem is not None:
            raise forms.ValidationError(name_error_text(problem))
        others = (
            Player.objects.filter(owner=self.owner)
            .exclude(pk=self.instance.pk)
            .values_list("name", flat=True)
        )
        if any(same_name(other, name) for other in others):
            raise forms.ValidationError(
                _("You already have a player called “%(name)s”."), params={"name": name}
            )
        return name

    def clean_emoji(self):
        emoji = self.cleaned_data["emoji"].strip()
        if emoji and not is_emoji_only(emoji):
            raise forms.ValidationError(_("An emoji only, such as 🃏 or 🇨🇭: no letters or spaces."))
        return emoji

    def clean_colour(self):
        colour = self.cleaned_data["colour"]
        if colour and not HEX_COLOUR.fullmatch(colour):
            raise forms.ValidationError(_("Pick a colour like #d63384."))
        return colour.lower()

    def save(self, commit: bool = True):
        from companion.nights.roster import player_changed, rename_player

        self.instance.owner = self.owner
        if self.instance.pk and self.changed_data and commit:
            with transaction.atomic():
                if "name" in self.changed_data:
                    # The rounds of earlier matches name the player: rename them in the same transaction.
                    rename_player(self.instance, self.cleaned_data["name"])
                player = super().save(commit)
                player_changed(player)
                return player
        return super().save(commit)
