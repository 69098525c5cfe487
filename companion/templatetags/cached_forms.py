"""``{{ form|crispy_once }}``: the HTML of ``{{ form|crispy }}``, rendered once per form state and language.

crispy-forms renders a field through about seven templates (the wrapper, the label, the
widget and its attributes, help text, errors): a fresh form of ten fields costs the start page
more than all its other parts together (issue 35, "Light pages"). A fresh form looks the same
for everybody who gets the same initial values, so its HTML is kept per worker, keyed by
everything crispy's templates read of it (:func:`state`), and the form is rendered again
whenever any of that differs. The CSRF token is never inside it (the page's own
``{% csrf_token %}`` is). A bound form (what was typed, its errors) is always rendered afresh,
and so is a form with a widget of choices or several parts, whose HTML depends on more.
"""

from __future__ import annotations

from collections import OrderedDict

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_form
from django import forms, template
from django.forms import widgets
from django.utils.translation import get_language

register = template.Library()

KEPT = 256  # fresh forms kept per worker: a few per form, one per language and day (dates) or colour
_kept: OrderedDict[tuple, str] = OrderedDict()


def state(form: forms.BaseForm) -> tuple | None:
    """What crispy's templates read of ``form``, or None when its HTML must be rendered afresh."""
    if form.is_bound or getattr(form, "helper", None) is not None:
        return None
    fields = []
    for field in form:
        widget = field.field.widget
        if not isinstance(widget, widgets.Input | widgets.Textarea) or isinstance(
            widget, widgets.CheckboxInput | widgets.FileInput | widgets.MultipleHiddenInput
        ):
            return None
        fields.append(
            (
                field.html_name,
                field.auto_id,
                str(field.label),
                str(field.help_text),
                field.field.required,
                field.field.disabled,
                field.field.show_hidden_initial,
                field.is_hidden,
                type(widget),
                widget.template_name,
                getattr(widget, "input_type", None),
                getattr(widget, "format", None),  # dates and times, as the widget writes them
                widget.is_localized,
                repr(sorted(field.build_widget_attrs(widget.attrs).items())),
                repr(field.value()),
                repr(field.initial) if field.field.show_hidden_initial else None,
            )
        )
    return (type(form), form.prefix, form.auto_id, form.use_required_attribute, get_language(), tuple(fields))


@register.filter
def crispy_once(form):
    key = state(form)
    if key is None:
        return as_crispy_form(form)
    html = _kept.get(key)
    if html is None:
        html = _kept[key] = as_crispy_form(form)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return html
