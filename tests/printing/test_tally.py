"""A tally's marks in groups of five, as on paper (companion/templatetags/tally.py)."""

import pytest

from companion.templatetags.tally import fives


@pytest.mark.parametrize(
    ("count", "groups"),
    [(0, []), (1, [1]), (4, [4]), (5, [5]), (7, [5, 2]), (10, [5, 5]), (11, [5, 5, 1]), (None, []), (-2, [])],
)
def test_marks_come_in_groups_of_five(count, groups):
    assert fives(count) == groups
