"""The players page and the start page stay light (issue 35, "Light pages"): a fresh form's HTML is
kept (``{{ form|crispy_once }}``), the players page asks for its players once, and neither page asks
the database more as the roster or the nights grow. ``make bench-load`` measures what they cost."""

import pytest
from crispy_forms.templatetags.crispy_forms_filters import as_crispy_form
from django.urls import reverse
from django.utils import timezone, translation

from companion.models import PlayerLink
from companion.nights.forms import GameNightForm, PlayerForm
from companion.nights.roster import PLAYER_COLOURS
from companion.templatetags import cached_forms
from companion.templatetags.cached_forms import crispy_once
from tests.factories import GameNightFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with no form's HTML kept, as a worker starts."""
    cached_forms._kept.clear()
    yield
    cached_forms._kept.clear()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_fresh_form_shows_exactly_what_crispy_renders_the_first_time_and_the_next(owner, language):
    with translation.override(language):
        for make in (
            lambda: GameNightForm(initial={"title": "Friday cards", "date": timezone.localdate()}),
            lambda: PlayerForm(owner=owner, colours=[PLAYER_COLOURS[0]]),
        ):
            expected = str(as_crispy_form(make()))
            assert str(crispy_once(make())) == expected
            assert str(crispy_once(make())) == expected  # now from the kept HTML


def test_a_fresh_form_with_other_initial_values_or_in_another_language_is_not_shown_from_the_kept_html(owner):
    first = str(crispy_once(PlayerForm(owner=owner, colours=[])))
    other_colour = str(crispy_once(PlayerForm(owner=owner, colours=[PLAYER_COLOURS[0]])))
    assert PLAYER_COLOURS[0] in first and PLAYER_COLOURS[1] in other_colour and first != other_colour
    with translation.override("de"):
        german = str(crispy_once(PlayerForm(owner=owner, colours=[])))
    assert german != first and "Farbe" in german


def test_a_form_with_what_was_typed_shows_its_own_values_and_errors(owner):
    crispy_once(PlayerForm(owner=owner, colours=[]))
    typed = PlayerForm({"name": "", "emoji": "", "colour": "#123456"}, owner=owner)
    html = str(crispy_once(typed))
    assert "A player needs a name." in html and "#123456" in html
    assert html == str(
        as_crispy_form(PlayerForm({"name": "", "emoji": "", "colour": "#123456"}, owner=owner))
    )


def test_the_players_page_shows_the_new_players_colour_from_the_players_it_lists(client, owner):
    PlayerFactory(owner=owner, name="Anna", colour=PLAYER_COLOURS[0])
    client.force_login(owner)
    page = client.get(reverse("player_list")).content.decode()
    assert f'value="{PLAYER_COLOURS[1]}"' in page and "Anna" in page


@pytest.mark.parametrize("players", [1, 12])
def test_the_players_page_asks_the_database_four_times_however_many_players(
    client, owner, member, players, django_assert_num_queries
):
    roster = [PlayerFactory(owner=owner, name=f"Player {number}") for number in range(players)]
    PlayerLink.objects.create(player=roster[0], user=member)
    client.force_login(owner)
    # The session, the account, the claims waiting for a yes, the players with their match counts.
    with django_assert_num_queries(4):
        page = client.get(reverse("player_list"))
    assert "Player 0" in page.content.decode() and "member says they are" in page.content.decode()


@pytest.mark.parametrize("nights", [1, 10])
def test_the_start_page_asks_the_database_four_times_however_many_nights(
    client, owner, nights, django_assert_num_queries
):
    for _ in range(nights):
        GameNightFactory(owner=owner)
    client.force_login(owner)
    # The session, the account, the recent nights with their match counts, the claims waiting.
    with django_assert_num_queries(4):
        client.get(reverse("home"))


@pytest.mark.parametrize(("name", "page"), [("player_list", "nights/players.html"), ("home", "home.html")])
def test_the_page_renders_four_templates_once_its_fresh_form_is_kept(client, owner, name, page):
    PlayerFactory(owner=owner, name="Anna")
    client.force_login(owner)
    first = client.get(reverse(name))
    assert len(first.templates) > 20  # the form through crispy's templates, once
    again = client.get(reverse(name))
    assert sorted(t.name for t in again.templates) == sorted(
        [page, "base.html", "_language_switch.html", "_messages.html"]
    )
    assert again.content.count(b'class="mb-3"') == first.content.count(b'class="mb-3"')


def test_the_page_scripts_sentences_follow_the_language_and_the_games_own_words():
    import json
    import re

    from companion.templatetags.script_strings import script_strings

    def said(html):
        return json.loads(re.search(r">(.*)</script>", str(html)).group(1))

    with translation.override("en"):
        english = said(script_strings("outbox", {"waiting": "game 3"}))
        assert said(script_strings("outbox", {"waiting": "game 3"})) == english
        assert english["waiting"] == "game 3"
        plain = said(script_strings("outbox"))
    with translation.override("de"):
        german = said(script_strings("net"))
        assert german == said(script_strings("net"))
    with translation.override("en"):
        assert said(script_strings("net")) != german
    assert plain["waiting"] != "game 3" and plain["offlineNow"] == english["offlineNow"]
