"""A match's notes: plain text the table keeps with it ("Dora dealt twice in round 4"), edited from the match page.

At most 1,000 characters; line breaks are kept, other control characters and the
characters that turn text around (bidirectional overrides, isolates) are refused
by the match file's rule (``scoring.matchinfo.notes_problem``), so the page, the
report and the file show exactly what was typed.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.models import Match
from scoring.matchinfo import NOTES_MOST, notes_problem


class NotesForm(forms.Form):
    notes = forms.CharField(
        label=_("Notes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Plain text, up to 1,000 characters: what the table wants to remember about this match."),
    )

    def clean_notes(self) -> str:
        text = self.cleaned_data["notes"].replace("\r\n", "\n").replace("\r", "\n").strip()
        if len(text) > NOTES_MOST:
            raise forms.ValidationError(
                _("Notes hold at most 1,000 characters; these have %(count)s."), params={"count": len(text)}
            )
        if notes_problem(text) is not None:
            raise forms.ValidationError(
                _("Notes cannot hold control characters or characters that change the text direction.")
            )
        return text


def save_notes(match: Match, text: str) -> None:
    """Store the notes; not a change of the scoreboard, so the match keeps its version."""
    Match.objects.filter(pk=match.pk).update(notes=text)
