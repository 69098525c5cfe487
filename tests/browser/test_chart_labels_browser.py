"""The chart's end labels on a 390x844 phone (issue 37: they overlapped where lines ended close together,
and long names ran off the chart's right edge): each label's letters are inside the chart and clear of
every other label, in the phone's own font."""

import pytest
from playwright.sync_api import expect

from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Alexandra", "Bartholomäus", "Jean-Christophe", "Dora", "Maximiliane", "Ursula"]

BOXES = """svg => [...svg.querySelectorAll('text.chart-label')].map(text => {
  const box = text.getBBox();
  return {text: text.textContent, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height};
})"""


@pytest.mark.parametrize(
    "last",
    [[30, 31, 29, 30, 30, 31], [100010, -100000, 5, 0, 42, -7]],
    ids=["close", "long-totals"],
)
def test_end_labels_stand_apart_inside_the_chart(logged_in, night, last):
    page = logged_in
    first = [min(value, 100000) if value > 0 else max(value, -100000) for value in last]
    rounds = [{"points": dict(zip(SIX, first, strict=True))}]
    if first != last:
        rounds.append(
            {"points": dict(zip(SIX, [b - a for a, b in zip(first, last, strict=True)], strict=True))}
        )
    match = play_match(night, "counter", SIX, rounds)
    page.goto(match.get_absolute_url() + "chart/")
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    width, height = (float(value) for value in chart.get_attribute("viewBox").split()[2:])
    boxes = chart.evaluate(BOXES)
    assert len(boxes) == 6
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= width and box["top"] >= 0 and box["bottom"] <= height, box
    for index, one in enumerate(boxes):
        for other in boxes[index + 1 :]:
            apart = one["bottom"] <= other["top"] + 0.5 or other["bottom"] <= one["top"] + 0.5
            assert apart, (one, other)
