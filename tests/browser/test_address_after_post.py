"""After a form is sent (a round edited, a match ended, a night imported) the address bar shows the page
the person lands on, not the form's address: reloading or sharing it never sends the form again."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from companion.models import GameNight
from companion.transfer import exporting
from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


def test_edit_end_and_import_leave_the_address_of_the_page_they_land_on(logged_in, night, tmp_path):
    page = logged_in
    match = play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], [DEAL] * 3)
    page.goto(reverse("round_edit", args=[match.pk, 3]))
    page.get_by_role("button", name="Save round 3").click()
    expect(page.get_by_text("Round 3 was changed.")).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(match.get_absolute_url()) + "$"))

    page.goto(reverse("match_close", args=[match.pk]))
    page.locator("main form button[type=submit]").first.click()
    expect(page).to_have_url(re.compile(re.escape(match.get_absolute_url()) + "$"))

    path = tmp_path / "night.json"
    path.write_text(exporting.dumps(exporting.night_document(night)), encoding="utf-8")
    GameNight.objects.filter(pk=night.pk).update(title="Another night")  # not the same night: no question
    page.goto(reverse("night_import"))
    page.get_by_label("Game night file").set_input_files(path)
    page.get_by_role("button", name="Import").click()
    imported = GameNight.objects.exclude(pk=night.pk)
    expect(page.get_by_role("heading", name="Friday cards")).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(imported.get().get_absolute_url()) + "$"))
