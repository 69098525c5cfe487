"""The club night's forms: its set-up (the game's house rules as match setup shows them) and check-in."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.clubs import services
from companion.clubs.models import ClubNight, Sitting
from companion.games import registry
from companion.play.forms import option_field
from companion.play.setup import OPTION_PREFIX


class ClubNightForm(forms.Form):
    """Game, house rules, table size, smaller tables, ranking, drop worst and planned sittings.

    The house-rule fields are the ones match setup shows (``companion.play.forms.option_field``);
    the engine checks them for a full table (``services.check_rules``).
    """

    game = forms.ChoiceField(label=_("Game"), choices=registry.choices)
    smaller_tables = forms.BooleanField(
        label=_("Smaller tables"),
        required=False,
        initial=True,
        help_text=_("Tables of one player fewer, so that nobody sits out."),
    )
    ranking = forms.ChoiceField(
        label=_("Ranking"), choices=ClubNight.Ranking.choices, initial=ClubNight.Ranking.TABLE_POINTS
    )
    drop_worst = forms.IntegerField(
        label=_("Drop worst"),
        min_value=0,
        max_value=20,
        initial=0,
        help_text=_("How many of each player's worst sittings are left out of the standings."),
    )
    planned_sittings = forms.IntegerField(
        label=_("Planned sittings"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_("Leave it empty for an open night."),
    )

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_key = game
        self.fields["game"].initial = game
        sizes = services.table_sizes(game)
        self.fields["table_size"] = forms.TypedChoiceField(
            label=_("Table size"),
            choices=[(size, str(size)) for size in sizes],
            coerce=int,
            initial=4 if 4 in sizes else sizes[-1],
        )
        from scoring.registry import ENGINES

        self.options = ENGINES[game].options
        for option in self.options:
            self.fields[f"{OPTION_PREFIX}{option.name}"] = option_field(option)
        self.checked_options: dict | None = None

    def rule_fields(self):
        return [self[f"{OPTION_PREFIX}{option.name}"] for option in self.options]

    def main_fields(self):
        return [
            self[name]
            for name in ("table_size", "smaller_tables", "ranking", "drop_worst", "planned_sittings")
        ]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        options = {option.name: data.get(f"{OPTION_PREFIX}{option.name}") for option in self.options}
        try:
            self.checked_options = services.check_rules(self.game_key, data["table_size"], options)
        except services.ClubError as error:
            raise forms.ValidationError(str(error)) from None
        return data

    def save(self, night):
        data = self.cleaned_data
        return services.create_club(
            night,
            game=self.game_key,
            options=self.checked_options,
            table_size=data["table_size"],
            smaller_tables=data["smaller_tables"],
            ranking=data["ranking"],
            drop_worst=data["drop_worst"],
            planned_sittings=data["planned_sittings"],
        )


def draw_modes():
    return [(value, gettext(str(label))) for value, label in Sitting.Mode.choices]
