"""The rule summary's two columns are split on the server into halves of about the same height."""

from django.template import Context, Template

from companion.templatetags.rule_columns import balanced_split


def test_the_split_makes_the_taller_column_as_short_as_it_can_be():
    assert balanced_split([5, 8, 20, 12]) == 2  # 13 | 32 beats 33 | 12
    assert balanced_split([10, 10, 10, 10]) == 2
    assert balanced_split([30, 5, 5]) == 1


def test_a_tie_keeps_more_in_the_first_column():
    assert balanced_split([10, 10, 10]) == 2


def test_the_sections_stay_in_their_written_order_in_two_containers():
    sections = "".join(f"<section><h2>S{n}</h2><p>{'word ' * 40 * n}</p></section>" for n in (1, 1, 2))
    html = Template("{% load rule_columns %}{% rule_columns %}" + sections + "{% endrule_columns %}").render(
        Context()
    )
    assert html.count('<div class="rules-column">') == 2
    assert html.index("S1") < html.index('</div><div class="rules-column"><section><h2>S2')
