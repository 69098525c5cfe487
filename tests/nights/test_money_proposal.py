"""What a night plays for belongs to its owner (issue 36, finding 10): a member proposes, the owner accepts
or declines on the night page, and the night's history says each step in words."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.models import GameNight, MoneyProposal, NightChange
from tests.factories import UserFactory, play_match

pytestmark = pytest.mark.django_db

ANRUFEN_50 = "Anrufen: CHF\u00a00.50 per token"


def edit_data(night: GameNight, **changes) -> dict[str, str]:
    """The night form as the browser posts it: every field, the money as the night has it now."""
    data = {
        "title": night.title,
        "date": night.date.isoformat(),
        "place": night.place,
        "notes": night.notes,
        "currency": night.currency,
    }
    data.update({f"price_{key}": f"{price / 100:.2f}" for key, price in night.prices.items()})
    data.update(changes)
    return data


@pytest.fixture
def priced_night(night):
    night.currency, night.prices = "CHF", {"anrufen": 50}
    night.save()
    return night


def propose(client, night, **changes):
    return client.post(reverse("night_edit", args=[night.pk]), edit_data(night, **changes), follow=True)


def page_of(client, night, language: str = "en") -> str:
    response = client.get(reverse("night_detail", args=[night.pk]), headers={"accept-language": language})
    return response.content.decode()


def answer(client, night, verb: str, proposal_pk, **headers):
    return client.post(
        reverse(f"night_money_{verb}", args=[night.pk]), {"proposal": proposal_pk}, headers=headers
    )


def money_of(night: GameNight) -> tuple[str, dict]:
    night.refresh_from_db()
    return night.currency, night.prices


# --- a member proposes ------------------------------------------------------------------------


def test_a_members_change_of_the_money_is_a_proposal_and_changes_nothing(
    persona_client, priced_night, member
):
    phone = persona_client("member")
    form = phone.get(reverse("night_edit", args=[priced_night.pk])).content.decode()
    assert "Playing for money: your proposal" in form
    assert "nothing about money changes until owner accepts it" in form

    answered = propose(phone, priced_night, currency="EUR", price_anrufen="1", price_counter="0.05")

    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    proposal = MoneyProposal.objects.get(night=priced_night)
    assert (proposal.proposed_by, proposal.currency, proposal.prices) == (
        member,
        "EUR",
        {"anrufen": 100, "counter": 5},
    )
    said = answered.content.decode()
    assert "waits for owner to accept it" in said
    assert "Your proposal waits for owner to accept it" in said  # the night page, for the proposer
    assert "Accept</button>" not in said


def test_the_proposal_is_recorded_in_the_nights_history_in_words(persona_client, priced_night):
    propose(persona_client("member"), priced_night, price_anrufen="0.75")
    change = NightChange.objects.get(night=priced_night)
    assert change.action == NightChange.Action.PROPOSED
    assert change.detail == {"prices": ["anrufen 50", "anrufen 75"], "by": "member"}
    page = persona_client("owner").get(reverse("night_history", args=[priced_night.pk])).content.decode()
    assert "proposed a change of what the night plays for" in page
    assert f"“{ANRUFEN_50}” → “Anrufen: CHF\u00a00.75 per token”" in page


def test_a_members_edit_that_leaves_the_money_alone_proposes_nothing(persona_client, priced_night):
    propose(persona_client("member"), priced_night, title="Saturday cards")
    priced_night.refresh_from_db()
    assert priced_night.title == "Saturday cards"
    assert not MoneyProposal.objects.exists()
    assert list(NightChange.objects.values_list("action", flat=True)) == ["edited"]


def test_a_newer_proposal_replaces_the_older_one(persona_client, priced_night):
    other = UserFactory(username="zora")
    priced_night.members.add(other)
    propose(persona_client("member"), priced_night, price_anrufen="1")
    propose(_client_of(other), priced_night, price_anrufen="2")

    proposal = MoneyProposal.objects.get(night=priced_night)
    assert (proposal.proposed_by, proposal.prices) == (other, {"anrufen": 200})
    page = page_of(persona_client("owner"), priced_night)
    assert "zora proposes:" in page and "CHF\u00a02.00" in page and "CHF\u00a01.00" not in page


def _client_of(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


# --- the owner answers ------------------------------------------------------------------------


def test_the_owner_sees_who_proposed_what_with_accept_and_decline(persona_client, priced_night):
    propose(persona_client("member"), priced_night, currency="EUR", price_anrufen="1")
    page = page_of(persona_client("owner"), priced_night)
    assert "member proposes:" in page
    assert "“CHF” → “EUR”" in page
    assert f"“{ANRUFEN_50}” → “Anrufen: EUR\u00a01.00 per token”" in page
    accept, decline = (
        reverse(f"night_money_{verb}", args=[priced_night.pk]) for verb in ("accept", "decline")
    )
    assert f'action="{accept}"' in page and f'hx-post="{accept}"' in page
    assert f'action="{decline}"' in page and f'hx-post="{decline}"' in page
    assert ">Accept</button>" in page and ">Decline</button>" in page


def test_accepting_applies_the_proposal_and_the_history_says_so(persona_client, priced_night):
    propose(persona_client("member"), priced_night, currency="EUR", price_anrufen="1")
    proposal = MoneyProposal.objects.get()
    owner = persona_client("owner")

    answered = answer(owner, priced_night, "accept", proposal.pk)

    assert answered.status_code == 302
    assert money_of(priced_night) == ("EUR", {"anrufen": 100})
    assert not MoneyProposal.objects.exists()
    accepted = NightChange.objects.get(action=NightChange.Action.ACCEPTED)
    assert accepted.user.username == "owner"
    assert accepted.detail == {
        "currency": ["CHF", "EUR"],
        "prices": ["anrufen 50", "anrufen 100"],
        "by": "member",
    }
    page = page_of(owner, priced_night)
    assert "Accepted: the night now plays for what member proposed." in page
    assert "member proposes:" not in page
    history = owner.get(reverse("night_history", args=[priced_night.pk])).content.decode()
    assert "accepted a proposal for what the night plays for" in history
    assert "Proposed by member" in history
    assert f"“{ANRUFEN_50}” → “Anrufen: EUR\u00a01.00 per token”" in history


def test_accepting_with_htmx_answers_with_the_proposals_part_saying_so(persona_client, priced_night):
    propose(persona_client("member"), priced_night, price_anrufen="1")
    proposal = MoneyProposal.objects.get()
    answered = answer(persona_client("owner"), priced_night, "accept", proposal.pk, HX_Request="true")
    part = answered.content.decode()
    assert answered.status_code == 200
    assert part.lstrip().startswith('<section id="money-proposal"')
    assert 'role="status"' in part and "Accepted: the night now plays for what member proposed." in part
    assert money_of(priced_night) == ("CHF", {"anrufen": 100})


def test_declining_drops_the_proposal_and_keeps_the_money(persona_client, priced_night):
    propose(persona_client("member"), priced_night, currency="EUR")
    proposal = MoneyProposal.objects.get()
    owner = persona_client("owner")

    answer(owner, priced_night, "decline", proposal.pk)

    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    assert not MoneyProposal.objects.exists()
    declined = NightChange.objects.get(action=NightChange.Action.DECLINED)
    assert declined.detail == {"currency": ["CHF", "EUR"], "by": "member"}
    assert "Declined: the night keeps playing for what it did." in page_of(owner, priced_night)
    history = owner.get(reverse("night_history", args=[priced_night.pk])).content.decode()
    assert "declined a proposal for what the night plays for" in history


def test_the_owner_setting_exactly_what_was_proposed_leaves_nothing_to_answer(persona_client, priced_night):
    propose(persona_client("member"), priced_night, price_anrufen="1")
    propose(persona_client("owner"), priced_night, price_anrufen="1")
    assert money_of(priced_night) == ("CHF", {"anrufen": 100})
    assert not MoneyProposal.objects.exists()


def test_the_settle_up_uses_the_confirmed_prices_only(persona_client, night):
    night.prices = {"counter": 20}
    night.save()
    points = {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3}
    play_match(night, "counter", list(points), [{"points": points}], closed=True)
    propose(persona_client("member"), night, price_counter="1")

    assert "Dora pays Anna CHF\u00a02.40." in page_of(persona_client("member"), night)
    answer(persona_client("owner"), night, "accept", MoneyProposal.objects.get().pk)
    assert "Dora pays Anna CHF\u00a012.00." in page_of(persona_client("owner"), night)


# --- who may answer ---------------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["accept", "decline"])
@pytest.mark.parametrize(("persona", "status"), [("member", 404), ("outsider", 404), ("anonymous", 302)])
def test_only_the_owner_answers_a_proposal(persona_client, priced_night, verb, persona, status):
    propose(persona_client("member"), priced_night, currency="EUR")
    proposal = MoneyProposal.objects.get()
    persona_client("member").logout()

    answered = answer(persona_client(persona), priced_night, verb, proposal.pk)

    assert answered.status_code == status
    if persona == "anonymous":
        assert answered["Location"].startswith(reverse("login"))
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    assert MoneyProposal.objects.filter(pk=proposal.pk).exists()
    assert not NightChange.objects.exclude(action=NightChange.Action.PROPOSED).exists()


def test_an_outsider_cannot_propose(persona_client, priced_night):
    answered = persona_client("outsider").post(
        reverse("night_edit", args=[priced_night.pk]), edit_data(priced_night, currency="EUR")
    )
    assert answered.status_code == 404
    assert not MoneyProposal.objects.exists()


def test_a_get_cannot_accept(persona_client, priced_night):
    propose(persona_client("member"), priced_night, currency="EUR")
    answered = persona_client("owner").get(reverse("night_money_accept", args=[priced_night.pk]))
    assert answered.status_code == 405
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})


# --- bad input: one sentence, nothing changed -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"price_anrufen": "-1"}, "A price cannot be below 0."),
        ({"price_anrufen": "zwei"}, "Write the price as an amount such as 0.50 (at most two decimals)."),
        ({"currency": "EURO"}, "A currency is a three-letter code such as CHF or EUR."),
        ({"price_poker": "5"}, "There is no game “poker” to set a price for."),
    ],
)
def test_a_bad_proposal_is_refused_with_a_sentence_and_changes_nothing(
    persona_client, priced_night, changes, sentence
):
    answered = propose(persona_client("member"), priced_night, title="Renamed", **changes)
    assert answered.status_code == 200
    assert sentence.replace("“", "&ldquo;") in answered.content.decode().replace("“", "&ldquo;")
    priced_night.refresh_from_db()
    assert (priced_night.title, priced_night.currency, priced_night.prices) == (
        "Friday cards",
        "CHF",
        {"anrufen": 50},
    )
    assert not MoneyProposal.objects.exists()
    assert not NightChange.objects.exists()


@pytest.mark.parametrize("forged", ["", "abc", "999999", "1 OR 1=1", "x" * 5000])
def test_an_answer_naming_no_waiting_proposal_is_refused_with_a_sentence(
    persona_client, priced_night, forged
):
    propose(persona_client("member"), priced_night, currency="EUR")
    owner = persona_client("owner")
    answered = answer(owner, priced_night, "accept", forged)
    assert answered.status_code == 302
    assert "A newer proposal replaced the one you answered: nothing changed." in page_of(owner, priced_night)
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    assert MoneyProposal.objects.exists()


def test_the_owner_answering_a_proposal_that_was_replaced_changes_nothing(persona_client, priced_night):
    phone = persona_client("member")
    propose(phone, priced_night, price_anrufen="1")
    seen = MoneyProposal.objects.get().pk
    propose(phone, priced_night, price_anrufen="9")  # while the owner's page still shows the first
    answered = answer(persona_client("owner"), priced_night, "accept", seen, HX_Request="true")
    part = answered.content.decode()
    assert 'role="alert"' in part and "A newer proposal replaced the one you answered" in part
    assert "CHF\u00a09.00" in part  # the newer one, to look at
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})


@pytest.mark.parametrize("verb", ["accept", "decline"])
def test_answering_when_no_proposal_waits_says_so(persona_client, priced_night, verb):
    owner = persona_client("owner")
    answer(owner, priced_night, verb, "1")
    assert "No proposal waits any more: it was already answered." in page_of(owner, priced_night)
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    assert not NightChange.objects.exists()


@pytest.mark.parametrize(
    ("currency", "prices", "sentence"),
    [
        ("CHF", {"poker": 5}, "This proposal names a game this site does not have: decline it."),
        ("CHF", {"anrufen": -5}, "This proposal has a price this site does not take: decline it."),
        ("francs", {}, "This proposal has no valid currency: decline it."),
    ],
)
def test_a_stored_proposal_the_site_cannot_take_is_not_applied(
    persona_client, priced_night, member, currency, prices, sentence
):
    proposal = MoneyProposal.objects.create(
        night=priced_night, proposed_by=member, currency=currency[:3], prices=prices
    )
    if currency == "francs":
        MoneyProposal.objects.filter(pk=proposal.pk).update(currency="fr1")
    owner = persona_client("owner")
    answer(owner, priced_night, "accept", proposal.pk)
    assert sentence in page_of(owner, priced_night)
    assert money_of(priced_night) == ("CHF", {"anrufen": 50})
    answer(owner, priced_night, "decline", proposal.pk)  # declining it still works
    assert not MoneyProposal.objects.exists()


# --- German -----------------------------------------------------------------------------------


def test_the_proposal_and_its_answers_in_german(persona_client, priced_night):
    phone = persona_client("member")
    form = phone.get(reverse("night_edit", args=[priced_night.pk]), headers={"accept-language": "de"})
    assert "Um Geld spielen: dein Vorschlag" in form.content.decode()
    phone.post(
        reverse("night_edit", args=[priced_night.pk]),
        edit_data(priced_night, price_anrufen="1"),
        headers={"accept-language": "de"},
    )
    assert "Dein Vorschlag wartet darauf, dass owner ihn annimmt" in page_of(phone, priced_night, "de")

    owner = persona_client("owner")
    page = page_of(owner, priced_night, "de")
    assert "member schlägt vor:" in page
    assert "«Anrufen: 0,50\u00a0CHF pro Jeton» → «Anrufen: 1,00\u00a0CHF pro Jeton»" in page
    assert ">Annehmen</button>" in page and ">Ablehnen</button>" in page

    owner.post(
        reverse("night_money_accept", args=[priced_night.pk]),
        {"proposal": MoneyProposal.objects.get().pk},
        headers={"accept-language": "de"},
    )
    assert "Angenommen: Der Abend wird jetzt um das gespielt, was member vorgeschlagen hat." in page_of(
        owner, priced_night, "de"
    )
    history = owner.get(
        reverse("night_history", args=[priced_night.pk]), headers={"accept-language": "de"}
    ).content.decode()
    assert "hat vorgeschlagen, worum der Abend gespielt wird" in history
    assert "hat einen Vorschlag angenommen, worum der Abend gespielt wird" in history
    assert "Vorgeschlagen von member" in history


def test_the_host_sees_a_waiting_proposal_in_the_admin(client, priced_night, member):
    MoneyProposal.objects.create(night=priced_night, proposed_by=member, currency="EUR", prices={})
    client.force_login(UserFactory(username="host", is_superuser=True, is_staff=True))
    page = client.get(reverse("admin:companion_moneyproposal_changelist"))
    assert page.status_code == 200
    assert "EUR" in page.content.decode()
