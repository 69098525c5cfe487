"""Nothing makes a page scroll sideways on a 390-pixel phone: wide tables scroll inside themselves."""

import pytest

from tests.factories import MatchFactory, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Fränzi"]


def page_width(page, url):
    page.goto(url)
    return page.evaluate("document.documentElement.scrollWidth")


def test_wide_pages_fit_the_phone(logged_in, night, owner):
    page = logged_in
    murlan = MatchFactory(night=night, game="murlan", names=SIX)
    for number in range(1, 6):
        enter_round(murlan, {"order": SIX[number % 6 :] + SIX[: number % 6]}, number=number, user=owner)
    urls = [murlan.get_absolute_url(), f"/matches/{murlan.pk}/rules/", f"/nights/{night.pk}/report/"]
    urls += [f"/rules/{game}/" for game in ("molotow", "anrufen", "elfer", "murlan")]
    urls += [f"/rules/{game}/sheet/?players=6" for game in ("elfer", "murlan")]
    urls += [f"/rules/{game}/sheet/" for game in ("molotow", "anrufen")]
    widths = {url: page_width(page, url) for url in urls}
    assert widths == dict.fromkeys(urls, 390)
