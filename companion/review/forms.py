"""The filters of the list of game nights, read from the query string."""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.games import registry
from companion.models import Player
from companion.review.nights import players_to_filter_by


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Player) -> str:
        return str(obj)


class NightFilterForm(forms.Form):
    """The list's filters, read from the query string; an unusable value is shown as an error."""

    player = PlayerChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Player"),
        empty_label=gettext_lazy("Anyone"),
    )
    game = forms.ChoiceField(
        choices=[("", gettext_lazy("Any game")), *registry.choices()],
        required=False,
        label=gettext_lazy("Game"),
    )
    date_from = forms.DateField(
        required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, data, *, user: AbstractBaseUser):
        super().__init__(data)
        self.fields["player"].queryset = players_to_filter_by(user)

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date is before the start date."))
        return cleaned

    def filters(self) -> dict:
        """The valid filters only: a wrong date does not hide the nights the other filters find."""
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value not in (None, "")}
