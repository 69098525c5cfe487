"""The scoreboard's chart of running totals: drawn when it comes into view, not with every page and save.

At the table the chart is far below the fold, so the scoreboard keeps a place for it of its
own size and htmx draws it from ``match_chart`` when that place comes into view. Without
JavaScript the place is a link to the chart's own page.
"""

import pytest
from django.urls import reverse

from tests.factories import MatchFactory
from tests.play.test_match_views import ABCD, add_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


@pytest.fixture
def played(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    add_hand(client, murlan, 2, 1, 0, 2, 3)
    client.logout()
    return murlan


def chart_url(match):
    return reverse("match_chart", args=[match.pk])


def test_the_scoreboard_keeps_a_place_for_the_chart_that_htmx_fills_when_it_comes_into_view(
    persona_client, played
):
    page = persona_client("owner").get(played.get_absolute_url()).content.decode()
    place = page[page.index('id="match-chart"') : page.index("</figure>", page.index('id="match-chart"'))]
    assert f'hx-get="{chart_url(played)}"' in place and 'hx-trigger="intersect once' in place
    assert f'href="{chart_url(played)}"' in place  # without JavaScript: the chart's page
    assert "aspect-ratio: 400 / 270" in place  # the chart's own shape: nothing moves when it comes
    assert "<svg" not in page


def test_the_chart_draws_the_running_totals_with_the_target_in_the_games_words(persona_client, played):
    answer = persona_client("owner").get(chart_url(played), HTTP_HX_REQUEST="true")
    part = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in part
    svg = part[part.index("<svg") : part.index("</svg>")]
    assert "Running totals, hand by hand" in svg  # Murlan plays hands
    assert "Anna" in svg and "Dora" in svg
    assert "21" in svg  # the Murlan target line
    assert part.strip().startswith("<svg") and part.strip().endswith("</svg>")  # it takes its place's place
    assert "HX-Request" in answer["Vary"]


def test_without_javascript_the_chart_is_a_page_of_its_own(persona_client, played):
    page = persona_client("owner").get(chart_url(played)).content.decode()
    assert "<html" in page and "<svg" in page
    assert "<h1" in page and "Running totals, hand by hand" in page
    assert f'href="{played.get_absolute_url()}"' in page  # back to the scoreboard


def test_the_chart_speaks_german(persona_client, played):
    client = persona_client("owner")
    part = client.get(chart_url(played), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Laufende Summen, Runde für Runde" in part


def test_before_the_first_hand_there_is_no_chart_but_its_page_says_why(persona_client, murlan):
    client = persona_client("owner")
    assert 'id="match-chart"' not in client.get(murlan.get_absolute_url()).content.decode()
    page = client.get(chart_url(murlan)).content.decode()
    assert "<svg" not in page and "No hands entered yet." in page


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_the_chart_is_for_the_nights_people(persona_client, played, persona, status):
    assert persona_client(persona).get(chart_url(played), HTTP_HX_REQUEST="true").status_code == status


def test_drawing_the_chart_costs_five_queries(persona_client, played, django_assert_num_queries):
    client = persona_client("owner")
    with django_assert_num_queries(5):  # session, user, the match with its night, seats, rounds
        client.get(chart_url(played), HTTP_HX_REQUEST="true")


def test_a_save_answers_with_a_fresh_place_for_the_chart_not_a_drawn_one(persona_client, played):
    client = persona_client("owner")
    page = client.get(played.get_absolute_url()).content.decode()
    seen = page.split('name="seen" value="', 1)[1].split('"', 1)[0]
    answer = client.post(
        reverse("round_add", args=[played.pk]),
        {"number": 3, "place_0": 2, "place_1": 0, "place_2": 1, "place_3": 3, "seen": seen},
        HTTP_HX_REQUEST="true",
    )
    update = answer.content.decode()
    assert answer["HX-Retarget"] == "#table-top"
    # Inside the same figure: a new one would cost the phone a second layout pass (css/table.css).
    assert (
        '<figure class="match-chart mt-3" id="match-chart" aria-labelledby="chart-caption" hx-swap-oob="innerHTML">'
        in update
    )
    assert 'class="chart-slot"' in update and "<svg" not in update


def test_a_screen_reader_hears_the_chart_in_the_games_words(persona_client, played):
    part = persona_client("owner").get(chart_url(played), HTTP_HX_REQUEST="true").content.decode()
    described = part[part.index("<desc") : part.index("</desc>")]
    assert "Running totals, hand by hand: 2 hands. Last totals: Anna" in described
    assert "round" not in described
