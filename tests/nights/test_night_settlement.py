"""Settling up on the night's pages: prices on the edit page, balances and payments on the night page."""

import pytest
from django.urls import reverse
from django.utils import translation

from companion.models import GameNight, NightChange
from companion.nights.settlement import money
from tests.factories import GameNightFactory, play_match

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Beat", "Cla", "Dora"]


def finished_counter(night, points, **options):
    """A free-scoring match of one round with these points, ended by the table."""
    return play_match(night, "counter", list(points), [{"points": points}], options=options, closed=True)


def edit_data(night, **prices):
    data = {"title": night.title, "date": night.date.isoformat(), "place": "", "notes": "", "currency": "CHF"}
    data.update({f"price_{game}": price for game, price in prices.items()})
    return data


@pytest.mark.parametrize(
    ("language", "amount", "written"),
    [
        ("en", 370, "CHF\u00a03.70"),
        ("de", 370, "3,70\u00a0CHF"),
        ("en", 123456, "CHF\u00a01,234.56"),
        ("de", 123456, "1.234,56\u00a0CHF"),
        ("en", -5, "\u2212CHF\u00a00.05"),
        ("de", -5, "\u22120,05\u00a0CHF"),
    ],
)
def test_money_is_written_as_the_language_writes_it(language, amount, written):
    with translation.override(language):
        assert money(amount, "CHF") == written


def test_a_balance_owed_to_a_player_has_a_plus():
    with translation.override("en"):
        assert money(390, "EUR", signed=True) == "+EUR\u00a03.90"


def test_the_night_page_shows_the_payments_and_balances(persona_client, night):
    night.prices = {"counter": 20}
    night.save()
    finished_counter(night, {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3})
    page = persona_client("member").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Dora pays Anna CHF\u00a02.40." in page
    assert "Cla pays Beat CHF\u00a00.80." in page
    assert "+CHF\u00a02.40" in page
    assert "\u2212CHF\u00a02.40" in page


def test_a_night_without_prices_shows_no_settlement(persona_client, night):
    finished_counter(night, {"Anna": 3, "Beat": 1})
    page = persona_client("owner").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Settle up" not in page


def test_a_match_still_in_play_settles_nothing(persona_client, night):
    night.prices = {"counter": 20}
    night.save()
    play_match(night, "counter", NAMES, [{"points": {"Anna": 3}}])
    page = persona_client("owner").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Nothing to settle yet" in page
    assert "pays" not in page


def test_the_night_page_speaks_german_money(persona_client, night):
    night.prices = {"counter": 20}
    night.save()
    finished_counter(night, {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3})
    client = persona_client("owner")
    page = client.get(reverse("night_detail", args=[night.pk]), headers={"accept-language": "de"})
    text = page.content.decode()
    assert "Abrechnen" in text
    assert "Dora zahlt Anna 2,40\u00a0CHF." in text


def test_the_edit_page_sets_the_currency_and_prices(persona_client, night):
    # The owner's (issue 36: what a night plays for belongs to its owner; a member's change is ignored).
    response = persona_client("owner").post(
        reverse("night_edit", args=[night.pk]),
        edit_data(night, anrufen="0.50", molotow="0,2") | {"currency": "eur"},
    )
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.currency == "EUR"
    assert night.prices == {"anrufen": 50, "molotow": 20}
    change = NightChange.objects.get(night=night)
    assert change.detail["prices"] == ["", "anrufen 50, molotow 20"]


def test_an_empty_price_removes_it(persona_client, night):
    night.prices = {"anrufen": 50}
    night.save()
    persona_client("owner").post(reverse("night_edit", args=[night.pk]), edit_data(night))
    night.refresh_from_db()
    assert night.prices == {}


@pytest.mark.parametrize(
    ("price", "sentence"),
    [
        ("-1", "A price cannot be below 0."),
        ("1000.01", "A price is at most 1,000.00."),
        ("0.505", "Write the price as an amount such as 0.50 (at most two decimals)."),
        ("zwanzig", "Write the price as an amount such as 0.50 (at most two decimals)."),
    ],
)
def test_a_bad_price_gets_one_sentence_and_changes_nothing(persona_client, night, price, sentence):
    night.prices = {"molotow": 20}
    night.save()
    response = persona_client("owner").post(
        reverse("night_edit", args=[night.pk]), edit_data(night, molotow=price)
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count(sentence) == 1
    assert GameNight.objects.get(pk=night.pk).prices == {"molotow": 20}


@pytest.mark.parametrize(
    ("typed", "stored"), [("2", 200), ("0.50", 50), ("0,5", 50), ("1'000", 100_000), ("0.05", 5)]
)
def test_a_price_is_typed_in_the_currency_and_stored_in_hundredths(persona_client, night, typed, stored):
    # Issue 37: "1" meant CHF 0.01; a price is now written as the money it is.
    persona_client("owner").post(reverse("night_edit", args=[night.pk]), edit_data(night, counter=typed))
    night.refresh_from_db()
    assert night.prices == {"counter": stored}


@pytest.mark.parametrize(
    ("language", "label", "shown"),
    [
        ("en", "Free scoring: CHF per point", 'value="0.20"'),
        ("de", "Freie Wertung: CHF pro Punkt", 'value="0,20"'),
    ],
)
def test_each_price_field_names_its_currency_before_anything_is_refused(
    persona_client, night, language, label, shown
):
    night.prices = {"counter": 20}
    night.save()
    client = persona_client("owner")
    edit = client.get(reverse("night_edit", args=[night.pk]), headers={"accept-language": language})
    assert label in edit.content.decode() and shown in edit.content.decode()
    first = client.get(reverse("home"), headers={"accept-language": language}).content.decode()
    assert label in first


def test_a_bad_currency_gets_one_sentence(persona_client, night):
    response = persona_client("owner").post(
        reverse("night_edit", args=[night.pk]), edit_data(night) | {"currency": "Franken"}
    )
    assert response.status_code == 200
    assert "A currency is a three-letter code such as CHF or EUR." in response.content.decode()


def test_the_edit_form_asks_the_browser_not_to_check_it(persona_client, night):
    page = persona_client("owner").get(reverse("night_edit", args=[night.pk])).content.decode()
    assert "novalidate" in page


def night_with_matches(owner, count):
    night = GameNightFactory(owner=owner, prices={"counter": 10, "murlan": 5})
    for number in range(count):
        finished_counter(night, {"Anna": number, "Beat": 1, "Cla": -1, "Dora": 2})
    return night


@pytest.mark.parametrize("count", [2, 20])
def test_the_night_page_with_its_settlement_runs_the_same_queries_however_many_matches(
    client, owner, count, django_assert_num_queries
):
    night = night_with_matches(owner, count)
    client.force_login(owner)
    # session, user, the night, its matches, their seats with players
    with django_assert_num_queries(5):
        response = client.get(reverse("night_detail", args=[night.pk]))
    assert "Settle up" in response.content.decode()


def priced_night(night):
    night.prices = {"counter": 20}
    night.save()
    return finished_counter(night, {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3})


def test_the_night_report_shows_the_payments_and_balances(persona_client, night):
    priced_night(night)
    page = persona_client("member").get(reverse("night_report", args=[night.pk])).content.decode()
    assert "Dora pays Anna CHF\u00a02.40." in page
    assert "+CHF\u00a00.80" in page
    assert "Free scoring: CHF\u00a00.20 per point" in page


def test_the_shared_night_page_shows_the_payments(client, night, owner):
    from companion.sharing.services import create_link

    priced_night(night)
    link = create_link(night=night, user=owner)
    page = client.get(reverse("shared", args=[link.token])).content.decode()
    assert "Dora pays Anna CHF\u00a02.40." in page
    assert "Cla pays Beat CHF\u00a00.80." in page


def test_the_shared_result_text_says_who_pays_whom_for_the_match(persona_client, night):
    match = priced_night(night)
    response = persona_client("owner").get(reverse("match_detail", args=[match.pk]))
    assert response.context["share_text"].endswith(
        "Settle up: Dora pays Anna CHF\u00a02.40; Cla pays Beat CHF\u00a00.80"
    )


def test_the_shared_result_text_has_no_payments_without_a_price(persona_client, night):
    match = finished_counter(night, {"Anna": 3, "Beat": 1})
    response = persona_client("owner").get(reverse("match_detail", args=[match.pk]))
    assert "Settle up" not in response.context["share_text"]
