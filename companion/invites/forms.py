from django import forms
from django.utils.translation import gettext_lazy as _

from companion.invites.services import DEFAULT_LIFETIME, LIFETIMES


class InviteForm(forms.Form):
    hours = forms.TypedChoiceField(
        label=_("Works for"), choices=list(LIFETIMES.items()), coerce=int, initial=DEFAULT_LIFETIME
    )
    single_use = forms.BooleanField(
        label=_("For one person only"),
        required=False,
        help_text=_("The link stops working once somebody has joined with it."),
    )
