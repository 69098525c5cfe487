"""The form renderer writes the plain inputs itself: exactly what Django's widget templates write."""

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from hypothesis import given
from hypothesis import strategies as st

from companion.form_renderer import INPUTS, OPTIONS, FastInputsRenderer
from companion.play.scoreboard import entry_form
from tests.factories import MatchFactory

TEMPLATES = DjangoTemplates()
FAST = FastInputsRenderer()

text = st.text(alphabet=st.sampled_from(list("aZ09 <>&\"'=é\u200b-_")), max_size=12)
values = st.one_of(st.none(), text, st.integers(-1000, 1000), text.map(mark_safe))
attr_values = st.one_of(st.booleans(), text, st.integers(0, 300), text.map(mark_safe))


@given(
    template=st.sampled_from(sorted(INPUTS | OPTIONS)),
    kind=st.sampled_from(["text", "hidden", "number", "radio", "checkbox"]),
    name=text,
    value=values,
    attrs=st.dictionaries(
        st.sampled_from(["id", "class", "inputmode", "required", "checked", "maxlength", "aria-x"]),
        attr_values,
    ),
    wrap_label=st.booleans(),
    label=st.one_of(text, text.map(mark_safe)),
)
def test_an_input_is_written_exactly_as_djangos_template_writes_it(
    template, kind, name, value, attrs, wrap_label, label
):
    context = {
        "widget": {
            "type": kind,
            "name": name,
            "value": value,
            "attrs": attrs,
            "wrap_label": wrap_label,
            "label": label,
            "template_name": template,
        }
    }
    assert FAST.render(template, context) == TEMPLATES.render(template, context)


def test_other_widgets_are_rendered_by_their_templates():
    select = forms.Select(choices=[("1", "<Anna>")])
    assert select.render("who", "1", renderer=FAST) == select.render("who", "1", renderer=TEMPLATES)


GAMES = [("molotow", 4), ("anrufen", 4), ("anrufen", 3), ("elfer", 6), ("murlan", 4), ("counter", 5)]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_entry_form_renders_the_same_html_either_way(night, game, players):
    from companion.play import standings

    match = MatchFactory(
        night=night, game=game, names=["Anna", "Beat", "Cla", "Dora", "Ernst", "Fränzi"][:players]
    )
    result = standings.standings(match)
    data = {"number": "1", "points_0": "<b>", "bidder": "1", "cards_0": "3 x", "place_0": "2"}
    for form in (entry_form(match, result, initial={"number": 1}), entry_form(match, result, data)):
        form.is_valid()
        assert isinstance(form.renderer, FastInputsRenderer)  # the one settings.FORM_RENDERER names
        for field in form:
            fast = field.as_widget()
            form.renderer = TEMPLATES
            slow = field.as_widget()
            form.renderer = FAST
            assert fast == slow, (game, field.name)
