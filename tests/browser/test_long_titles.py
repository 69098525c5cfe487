"""A night's title of 100 letters without a space (the longest a title may be) never makes a page
wider than the phone: the title wraps wherever it must, in lists, cards and headings."""

import pytest
from django.urls import reverse

from companion.models import Player
from companion.sharing.services import create_link
from tests.browser.test_long_names import widths
from tests.factories import MatchFactory, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TITLE = ("Jassabend" * 12)[:100]  # GameNight.title's max_length, no space in it
LONG = "B" * 40  # Player.name's max_length
NAMES = ["Anna", LONG, "Cla", "Dora"]


def test_a_hundred_letter_title_and_a_forty_letter_name_never_widen_a_page(logged_in, night, owner):
    page = logged_in
    night.title = TITLE
    night.save()
    match = MatchFactory(night=night, game="molotow", names=NAMES)
    enter_round(match, {"points": {LONG: 90, "Anna": 9, "Cla": 34, "Dora": 24}}, number=1, user=owner)
    token = create_link(match=match, user=owner).token
    night_token = create_link(night=night, user=owner).token
    long = Player.objects.get(name=LONG)
    urls = [
        reverse("home"),
        reverse("night_list"),
        night.get_absolute_url(),
        reverse("night_edit", args=[night.pk]),
        reverse("night_history", args=[night.pk]),
        reverse("night_report", args=[night.pk]),
        reverse("player_list"),
        reverse("player_detail", args=[long.pk]),
        reverse("night_members", args=[night.pk]),
        reverse("night_invites", args=[night.pk]),
        reverse("night_share", args=[night.pk]),
        f"/s/{night_token}/",
        match.get_absolute_url(),
        reverse("match_history", args=[match.pk]),
        reverse("match_rules", args=[match.pk]),
        reverse("match_close", args=[match.pk]),
        reverse("match_share", args=[match.pk]),
        f"/s/{token}/",
        reverse("match_create", args=[night.pk]),
    ]
    found = widths(page, urls)
    wider = [f"{url} {width}" for url, width in found.items() if width != 390]
    assert not wider, wider  # 1109 or 968 pixels wide before the title could break
