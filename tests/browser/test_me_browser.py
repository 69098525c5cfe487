""" "This is me" on a phone: nobody is chosen for the person, and a confirmed player's statistics show
on the Me page, as its introduction promises."""

import pytest
from playwright.sync_api import expect

from companion.models import PlayerLink
from tests.factories import PlayerFactory, quick_murlan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_this_is_me_starts_with_nobody_chosen_and_says_so_when_saved_empty(logged_in, night):
    page = logged_in
    PlayerFactory(owner=night.owner, name="Anna")
    PlayerFactory(owner=night.owner, name="Beat")
    page.goto("/me/")
    choice = page.get_by_label("This is me:")
    expect(choice).to_have_value("")
    expect(choice.locator("option:checked")).to_have_text("Choose your player")
    page.get_by_role("button", name="This is me", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Choose the player you are.")
    assert not PlayerLink.objects.exists()


def test_the_me_page_shows_the_statistics_of_the_player_i_am(logged_in, night):
    page = logged_in
    quick_murlan(night, ("Anna", "Beat"))
    quick_murlan(night, ("Beat", "Anna"))
    quick_murlan(night, ("Anna", "Beat", "Cla"))
    page.goto("/me/")
    page.get_by_label("This is me:").select_option(label="Anna")
    page.get_by_role("button", name="This is me", exact=True).click()

    statistics = page.get_by_role("region", name="Anna: your statistics")
    expect(statistics).to_be_visible()
    expect(statistics).to_contain_text("2 won of 3 finished matches")
    per_game = statistics.get_by_role("region", name="Per game")
    expect(per_game.get_by_role("row", name="Murlan")).to_contain_text("2 of 3")
    places = statistics.get_by_role("region", name="Leaderboard places (all time)")
    expect(places.get_by_role("listitem")).to_have_text("Murlan place 1 of 3")
    rivals = statistics.get_by_role("region", name="Head to head")
    expect(rivals.get_by_role("row", name="Beat")).to_have_text("Beat 3 2 1 0")
    expect(rivals.get_by_role("row", name="Cla")).to_have_text("Cla 1 1 0 0")
