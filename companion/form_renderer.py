"""Django's form renderer, with the plain ``<input>`` widgets written out in Python.

Every widget is a template rendered through the template engine: about 0.1 ms
for one ``<input>`` on this kind of machine. An entry form has up to a dozen
(a field per player, the hidden round number and key, a radio per player), and
a saved round renders the next round's empty form, so those templates were
most of what rendering a scoreboard cost (issue 17). The input family
(``django/forms/widgets/input.html`` and the templates that only include it,
and the radio and checkbox options) is written here exactly as those templates
write it, escaping included; every other widget (select, textarea, the option
lists around the inputs) is rendered by its template as before.
``tests/test_form_renderer.py`` compares both ways for every entry form and for
random values and attributes.
"""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape

WIDGETS = "django/forms/widgets/"
# Templates whose whole content is {% include "django/forms/widgets/input.html" %} (Django 5.2).
INPUTS = frozenset(
    f"{WIDGETS}{name}.html"
    for name in (
        "input",
        "text",
        "hidden",
        "number",
        "checkbox",
        "email",
        "url",
        "password",
        "date",
        "time",
        "datetime",
        "search",
        "tel",
        "color",
    )
)
# {% include "django/forms/widgets/input_option.html" %}: the input, in its label when wrap_label.
OPTIONS = frozenset(f"{WIDGETS}{name}.html" for name in ("input_option", "radio_option", "checkbox_option"))


def _text(value) -> str:
    # {{ value|stringformat:"s" }}: str(value), escaped unless the value is already safe.
    return str(conditional_escape(value if hasattr(value, "__html__") else str(value)))


def render_input(widget: dict) -> str:
    """What django/forms/widgets/input.html renders (with attrs.html), stripped."""
    parts = [
        f'<input type="{conditional_escape(widget["type"])}" name="{conditional_escape(widget["name"])}"'
    ]
    if widget["value"] is not None:
        parts.append(f' value="{_text(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        parts.append(
            f" {conditional_escape(name)}"
            if value is True
            else f' {conditional_escape(name)}="{_text(value)}"'
        )
    parts.append(">")
    return "".join(parts)


def render_option(widget: dict) -> str:
    """What django/forms/widgets/input_option.html renders, stripped."""
    html = render_input(widget)
    if not widget.get("wrap_label"):
        return html
    label_for = widget["attrs"].get("id")
    opening = f'<label for="{conditional_escape(label_for)}">' if label_for else "<label>"
    # input.html ends with a line break, which the label keeps inside it.
    return f"{opening}{html}\n {conditional_escape(widget['label'])}</label>"


class FastInputsRenderer(DjangoTemplates):
    def render(self, template_name, context, request=None):
        if template_name in INPUTS:
            return render_input(context["widget"])
        if template_name in OPTIONS:
            return render_option(context["widget"])
        return super().render(template_name, context, request)
