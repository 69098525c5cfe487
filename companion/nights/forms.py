"""Forms for game nights, their members and the roster of players."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from companion.models import GameNight, Player

User = get_user_model()


class GameNightForm(forms.ModelForm):
    class Meta:
        model = GameNight
        fields = ("title", "date", "place", "notes")
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }


class MemberForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)

    def __init__(self, *args, night: GameNight, **kwargs):
        super().__init__(*args, **kwargs)
        self.night = night

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(
                _("There is no account called “%(name)s”."), params={"name": username}
            )
        if user.pk == self.night.owner_id:
            raise forms.ValidationError(_("The owner can already enter scores."))
        return user


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ("name", "emoji", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.owner = owner

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A player needs a name."))
        clash = Player.objects.filter(owner=self.owner, name__iexact=name).exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError(
                _("You already have a player called “%(name)s”."), params={"name": name}
            )
        return name

    def clean_colour(self):
        colour = self.cleaned_data["colour"]
        if colour and not (len(colour) == 7 and colour[0] == "#"):
            raise forms.ValidationError(_("Pick a colour like #d63384."))
        return colour

    def save(self, commit: bool = True):
        from companion.nights.roster import rename_player

        self.instance.owner = self.owner
        if self.instance.pk and "name" in self.changed_data and commit:
            # The rounds of earlier matches name the player: rename them in the same transaction.
            with transaction.atomic():
                rename_player(self.instance, self.cleaned_data["name"])
                return super().save(commit)
        return super().save(commit)
