"""A player's colour shows whatever it is: a white player's dot and stripe have an edge that stands
out from the page (3:1 at least, as for any mark a person must see), in the light and the dark theme."""

import re

import pytest

from companion.models import Player
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Anna", "Beat", "Cla", "Dora"]


def rgba(text):
    """The first colour in a computed style ("rgba(33, 37, 41, 0.75)"), as (r, g, b, alpha)."""
    parts = [float(part) for part in re.search(r"rgba?\(([^)]*)\)", text)[1].split(",")]
    return (*parts[:3], parts[3] if len(parts) == 4 else 1.0)


def contrast(colour, background):
    """WCAG contrast of ``colour`` laid over the opaque ``background``."""

    def luminance(rgb):
        def channel(value):
            value /= 255
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        red, green, blue = (channel(value) for value in rgb)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    *rgb, alpha = colour
    laid = [alpha * value + (1 - alpha) * under for value, under in zip(rgb, background[:3], strict=True)]
    light, dark = sorted([luminance(laid), luminance(background[:3])], reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme, colour", [("light", "#ffffff"), ("dark", "#000000")])
def test_a_player_in_the_pages_own_colour_still_has_a_dot_and_a_stripe_that_show(
    logged_in, night, owner, scheme, colour
):
    page = logged_in
    page.emulate_media(color_scheme=scheme)
    match = MatchFactory(night=night, game="molotow", names=FOUR)
    Player.objects.filter(owner=owner, name="Anna").update(colour=colour)

    page.goto("/players/")
    dot = page.locator(".player-dot").first
    ring = rgba(dot.evaluate("el => getComputedStyle(el).borderTopColor"))
    behind = rgba(
        page.locator(".list-group-item").first.evaluate("el => getComputedStyle(el).backgroundColor")
    )
    assert contrast(ring, behind) >= 3, (ring, behind)

    page.goto(match.get_absolute_url())
    card = page.locator(".standing").filter(has_text="Anna")
    shadow = card.evaluate("el => getComputedStyle(el).boxShadow")
    stripe, edge = re.findall(r"rgba?\([^)]*\)[^,]*inset", shadow)[:2]
    card_colour = rgba(card.evaluate("el => getComputedStyle(el).backgroundColor"))
    assert contrast(rgba(stripe), card_colour) < 1.5  # the stripe alone is the card's own colour
    assert contrast(rgba(edge), card_colour) >= 3, (edge, card_colour)
