"""Forms for game nights and the roster of players."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

from django import forms
from django.db import transaction
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from companion.games import registry
from companion.i18n.errors import name_error_text, sentence
from companion.models import GameNight, Player
from scoring.base import ScoringError
from scoring.names import is_blank, name_problem, same_name, text_problem
from scoring.settlement import DEFAULT_CURRENCY, MOST_PRICE, clean_currency

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


PRICE_PREFIX = "price_"
CURRENCY_ERROR = _("A currency is a three-letter code such as CHF or EUR.")

# What a night's title or place may not hold (scoring.names.text_problem), said at the field.
TITLE_PROBLEMS = {
    "text.control": _("A title cannot hold a control character such as a line break."),
    "text.direction": _("A title cannot hold a character that turns the writing direction around."),
    "text.tag": _("A title cannot hold invisible tag characters."),
}
PLACE_PROBLEMS = {
    "text.control": _("A place cannot hold a control character such as a line break."),
    "text.direction": _("A place cannot hold a character that turns the writing direction around."),
    "text.tag": _("A place cannot hold invisible tag characters."),
}


# A price as people write money: "2", "0.50", "0,5" (German), "1'000.00" (Swiss grouping).
PRICE = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")
PRICE_GROUPING = str.maketrans("", "", "'\u2019 \u00a0\u202f")


class PriceField(forms.CharField):
    """A price in the currency's units ("0.50" francs), kept as whole hundredths (50) as the night stores it."""

    default_error_messages = {
        "invalid": _("Write the price as an amount such as 0.50 (at most two decimals)."),
        "min_value": _("A price cannot be below 0."),
        "max_value": _("A price is at most 1,000.00."),
    }

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={"inputmode": "decimal", "autocomplete": "off", "size": 8, "spellcheck": "false"}
            ),
        )
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, int):  # the stored hundredths, shown as the language writes the amount
            return number_format(Decimal(value) / 100, 2, use_l10n=True)
        return value

    def to_python(self, value):
        text = super().to_python(value).translate(PRICE_GROUPING)
        if not text:
            return None
        if text[0] in "-\u2212":
            raise forms.ValidationError(self.error_messages["min_value"], code="min_value")
        found = PRICE.fullmatch(text)
        if found is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        hundredths = int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))
        if hundredths > MOST_PRICE:
            raise forms.ValidationError(self.error_messages["max_value"], code="max_value")
        return hundredths


class GameNightForm(forms.ModelForm):
    """A night's title, date, place and notes, and what it plays for: a currency and a price per game."""

    class Meta:
        model = GameNight
        fields = ("title", "date", "place", "notes", "currency")
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notes": forms.Textarea(attrs={"rows": 3}),
            "currency": forms.TextInput(
                attrs={
                    "autocapitalize": "characters",
                    "autocomplete": "off",
                    "size": 4,
                    "spellcheck": "false",
                }
            ),
        }
        help_texts = {"currency": _("A three-letter code such as CHF or EUR.")}
        # The app's own sentences, said at the field (the forms are novalidate: no browser bubbles).
        error_messages = {
            "currency": {"max_length": CURRENCY_ERROR},
            "title": {"required": _("A game night needs a title.")},
            "date": {"required": _("Choose the night's date."), "invalid": _("Choose the night's date.")},
        }

    def __init__(self, *args, money: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        # What the night plays for decides who pays whom: only its owner changes it (``money``);
        # what a member changes there is a proposal (``proposal``: currency and prices, or None
        # when the member left them as they are), which the owner accepts or declines.
        self.money = money
        self.proposal: tuple[str, dict[str, int]] | None = None
        prices = self.instance.prices or {}
        # Left empty, a night keeps its currency (a new one: CHF).
        self.fields["currency"].required = False
        currency = self._shown_currency()
        for key, game in registry.GAMES.items():
            self.fields[PRICE_PREFIX + key] = PriceField(
                # The unit in the label, before any refusal: "Molotow Jass: CHF per stick".
                label=_("%(game)s: %(currency)s per %(unit)s")
                % {"game": game.label, "currency": currency, "unit": game.price_unit},
                required=False,
                initial=prices.get(key),
            )

    @property
    def proposing(self) -> bool:
        """A member's form: the money fields propose, they do not set."""
        return not self.money

    def _shown_currency(self) -> str:
        """The currency the prices are in: the one just typed when it is one, else the night's."""
        typed = (self.data.get("currency") or "").strip().upper() if self.is_bound else ""
        try:
            return clean_currency(typed)
        except ScoringError:
            return self.instance.currency or DEFAULT_CURRENCY

    @property
    def price_fields(self) -> list[forms.BoundField]:
        return [self[PRICE_PREFIX + key] for key in registry.GAMES]

    @property
    def night_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields if name != "currency"]

    def clean_currency(self):
        code = self.cleaned_data["currency"].strip().upper() or self.instance.currency or DEFAULT_CURRENCY
        try:
            return clean_currency(code)
        except ScoringError:
            raise forms.ValidationError(CURRENCY_ERROR) from None

    def clean(self):
        cleaned = super().clean()
        self._refuse_unknown_games()
        prices = {
            key: cleaned[PRICE_PREFIX + key]
            for key in registry.GAMES
            if cleaned.get(PRICE_PREFIX + key) is not None
        }
        if self.money:
            self.instance.prices = prices
            return cleaned
        currency = cleaned.get("currency")
        if currency is None:  # refused at its field
            return cleaned
        # A member's edit keeps the night's currency and prices; what differs is proposed (a price
        # the request does not carry at all stays as it is, rather than being proposed away).
        kept = self.instance.prices or {}
        for key in registry.GAMES:
            if PRICE_PREFIX + key not in self.data and key in kept:
                prices[key] = kept[key]
        cleaned["currency"] = self.instance.currency
        if (currency, prices) != (self.instance.currency, kept):
            self.proposal = (currency, prices)
        return cleaned

    def _refuse_unknown_games(self) -> None:
        """A price for a game this site does not have comes from no form of ours: said, nothing kept."""
        if not self.is_bound:
            return
        for name in self.data:
            if name.startswith(PRICE_PREFIX) and name not in self.fields:
                game = name.removeprefix(PRICE_PREFIX)[:40]
                raise forms.ValidationError(
                    _("There is no game “%(game)s” to set a price for."), params={"game": game}
                )

    def clean_title(self):
        """A title follows the name rule (scoring/names.py): no control, direction or tag character,
        something visible."""
        title = self.cleaned_data["title"].strip()
        problem = text_problem(title)
        if problem is not None:
            raise forms.ValidationError(TITLE_PROBLEMS[problem.code])
        if is_blank(title):
            raise forms.ValidationError(_("A title needs a visible character."))
        return title

    def clean_place(self):
        """A place is one line, without direction or tag characters (scoring/names.py)."""
        place = self.cleaned_data["place"].strip()
        problem = text_problem(place)
        if problem is not None:
            raise forms.ValidationError(PLACE_PROBLEMS[problem.code])
        return place


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ("name", "emoji", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}

    # Declared without max_length: a name too long is refused by the name rule's sentence in
    # clean_name, never cut short by the browser's maxlength nor told in Django's words.
    name = forms.CharField(
        label=capfirst(Player._meta.get_field("name").verbose_name),
        error_messages={"required": _("A player needs a name.")},
    )

    def __init__(self, *args, owner, colours: list[str] | None = None, **kwargs):
        """``colours``: the owner's players' colours, when the caller has them (no query then)."""
        super().__init__(*args, **kwargs)
        self.owner = owner
        if self.instance.pk is None and not self.is_bound:
            # A new player starts with a colour none (or the fewest) of the owner's players have.
            from companion.nights.roster import least_used_colour, next_colour

            colour = next_colour(owner.pk) if colours is None else least_used_colour(colours)
            self.initial.setdefault("colour", colour)

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A player needs a name."))
        # The name rule (scoring/names.py): no control, direction or tag character, something
        # visible, at most 40 characters, and "anna" or "An\u200bna" is the same name as "Anna"
        # (compared in Python: SQLite's LOWER() knows only ASCII, and no database ignores
        # invisible characters).
        problem = name_problem(name)
        if problem is not None:
            raise forms.ValidationError(sentence(name_error_text(problem)))
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
