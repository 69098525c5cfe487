"""The import page's form: one game night file."""

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_FILE_SIZE = 5 * 1024 * 1024  # a long night is a few hundred kilobytes


class NightImportForm(forms.Form):
    file = forms.FileField(
        label=_("Game night file"),
        help_text=_("A .json file exported from Companion."),
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
        error_messages={
            "required": _("Choose the game night file first."),
            "empty": _("The file is empty: choose the game night file exported from Companion."),
        },
    )

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > MAX_FILE_SIZE:
            raise forms.ValidationError(_("The file is larger than 5 MB: a game night file is much smaller."))
        return file
