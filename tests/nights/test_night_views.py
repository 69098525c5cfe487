"""Game nights and the start page: who sees what, and what each form does."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from companion.models import GameNight, Player
from tests.factories import GameNightFactory, MatchFactory, PlayerFactory, enter_round

pytestmark = pytest.mark.django_db
User = get_user_model()

CAN_SEE = {"owner": 200, "member": 200, "outsider": 404}


@pytest.mark.parametrize(("persona", "status"), CAN_SEE.items())
@pytest.mark.parametrize("url_name", ["night_detail", "night_edit"])
def test_owner_and_members_see_a_night_others_get_404(persona_client, night, persona, status, url_name):
    response = persona_client(persona).get(reverse(url_name, args=[night.pk]))
    assert response.status_code == status


@pytest.mark.parametrize("url_name", ["home", "night_detail", "night_edit", "night_members", "player_list"])
def test_anonymous_visitors_are_sent_to_login(persona_client, night, url_name):
    args = [] if url_name in {"home", "player_list"} else [night.pk]
    response = persona_client("anonymous").get(reverse(url_name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_owner_and_members_see_the_members_page(persona_client, night, persona, status):
    # Issue 14: members see who else may enter scores (and leave from there); only the owner removes.
    assert persona_client(persona).get(reverse("night_members", args=[night.pk])).status_code == status


@pytest.mark.parametrize("persona", ["member", "outsider"])
def test_only_the_owner_removes_a_member(persona_client, night, member, persona):
    response = persona_client(persona).post(reverse("night_member_remove", args=[night.pk, member.pk]))
    assert response.status_code == 404
    assert night.members.filter(pk=member.pk).exists()


@pytest.mark.parametrize(("persona", "status"), [("member", 404), ("outsider", 404)])
def test_only_the_owner_deletes_a_night(persona_client, night, persona, status):
    response = persona_client(persona).post(reverse("night_delete", args=[night.pk]))
    assert response.status_code == status
    assert GameNight.objects.filter(pk=night.pk).exists()


def test_the_owner_deletes_a_night_with_its_matches(persona_client, night):
    MatchFactory(night=night)
    response = persona_client("owner").post(reverse("night_delete", args=[night.pk]))
    assert response.status_code == 302
    assert not GameNight.objects.filter(pk=night.pk).exists()


def test_starting_a_night_makes_the_user_its_owner(persona_client, outsider):
    response = persona_client("outsider").post(
        reverse("night_create"), {"title": "Jass at Cla's", "date": "2026-11-28", "place": "Chur"}
    )
    night = GameNight.objects.get(title="Jass at Cla's")
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    assert night.owner == outsider


def test_a_night_without_a_title_is_refused_and_nothing_is_stored(persona_client):
    response = persona_client("owner").post(reverse("night_create"), {"title": "", "date": "2026-11-28"})
    assert response.status_code == 200
    assert "A game night needs a title." in response.content.decode()
    assert not GameNight.objects.exists()


def test_a_member_may_edit_the_night(persona_client, night):
    persona_client("member").post(
        reverse("night_edit", args=[night.pk]),
        {"title": "Renamed", "date": "2026-11-27", "notes": "Bring cards"},
    )
    night.refresh_from_db()
    assert (night.title, night.notes) == ("Renamed", "Bring cards")


def test_the_start_page_lists_own_and_member_nights_only(persona_client, night, outsider):
    GameNightFactory(owner=outsider, title="Someone else's night")
    page = persona_client("member").get(reverse("home")).content.decode()
    assert "Friday cards" in page
    assert "Someone else&#x27;s night" not in page and "Someone else's night" not in page
    assert "hosted by owner" in page


def test_the_start_page_costs_the_same_queries_with_many_nights(
    persona_client, owner, django_assert_num_queries
):
    client = persona_client("owner")
    GameNightFactory.create_batch(2, owner=owner)
    # session, user, nights with their match counts, players waiting to be linked
    with django_assert_num_queries(4):
        client.get(reverse("home"))
    GameNightFactory.create_batch(20, owner=owner)
    with django_assert_num_queries(4):
        client.get(reverse("home"))


def test_the_owner_removes_a_member(persona_client, night, member):
    response = persona_client("owner").post(reverse("night_member_remove", args=[night.pk, member.pk]))
    assert response.status_code == 302
    assert not night.members.filter(pk=member.pk).exists()


def test_the_owner_can_no_longer_add_an_account_by_its_username(persona_client, night, outsider):
    # Issue 14: nobody becomes a member without accepting an invite (tests/accounts/test_invites.py).
    client = persona_client("owner")
    page = client.get(reverse("night_members", args=[night.pk])).content.decode()
    assert 'name="username"' not in page
    response = client.post(reverse("night_members", args=[night.pk]), {"username": "outsider"})
    assert response.status_code == 405
    assert not night.members.filter(pk=outsider.pk).exists()


def test_a_night_shows_its_matches_with_totals(persona_client, night):
    MatchFactory(night=night, game="murlan", names=["Anna", "Beat"])
    page = persona_client("member").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Murlan" in page and "Anna" in page


# --- players ---------------------------------------------------------------


def test_adding_a_player_tidies_the_name(persona_client, owner):
    persona_client("owner").post(reverse("player_list"), {"name": "  Anna   Maria ", "emoji": "🂡"})
    assert Player.objects.get(owner=owner).name == "Anna Maria"


@pytest.mark.parametrize("emoji", ["🃏", "🇨🇭", "👨‍👩‍👧", "1️⃣", "♠️", ""])
def test_a_player_takes_any_emoji(persona_client, owner, emoji):
    persona_client("owner").post(reverse("player_list"), {"name": "Anna", "emoji": emoji})
    assert Player.objects.get(owner=owner).emoji == emoji


@pytest.mark.parametrize("emoji", ["xxxxxxxx", "Anna", "🃏 A", "12", "ü"])
def test_a_players_emoji_is_not_a_second_name(persona_client, owner, emoji):
    response = persona_client("owner").post(reverse("player_list"), {"name": "Anna", "emoji": emoji})
    assert "An emoji only, such as 🃏 or 🇨🇭: no letters or spaces." in response.content.decode()
    assert not Player.objects.filter(owner=owner).exists()


def test_a_second_anna_is_refused_whatever_the_case(persona_client, owner):
    PlayerFactory(owner=owner, name="Anna")
    response = persona_client("owner").post(reverse("player_list"), {"name": "anna"})
    assert "You already have a player called “anna”." in response.content.decode()
    assert Player.objects.filter(owner=owner).count() == 1


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 404), ("outsider", 404)])
def test_only_the_owner_edits_a_player(persona_client, owner, persona, status):
    player = PlayerFactory(owner=owner)
    assert persona_client(persona).get(reverse("player_edit", args=[player.pk])).status_code == status


# --- first run ---------------------------------------------------------------


def test_with_no_account_login_leads_to_the_first_run_page(client):
    response = client.get(reverse("login"))
    assert response.status_code == 302
    assert response["Location"] == reverse("setup")


def test_the_first_run_page_creates_the_host_and_logs_in(client):
    response = client.post(
        reverse("setup"),
        {"username": "host", "password1": "cards-at-the-table-9", "password2": "cards-at-the-table-9"},
    )
    assert response.status_code == 302
    host = User.objects.get()
    assert host.is_superuser and host.is_staff
    assert client.get(reverse("home")).status_code == 200


def test_the_first_run_page_applies_the_password_rules(client):
    response = client.post(reverse("setup"), {"username": "host", "password1": "123", "password2": "123"})
    assert response.status_code == 200
    assert not User.objects.exists()
    assert "too short" in response.content.decode()


def test_the_first_run_page_is_gone_once_an_account_exists(client, owner):
    response = client.post(
        reverse("setup"),
        {"username": "intruder", "password1": "cards-at-the-table-9", "password2": "cards-at-the-table-9"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    assert not User.objects.filter(username="intruder").exists()


def test_login_then_logout(client, owner):
    response = client.post(reverse("login"), {"username": "owner", "password": "a-long-test-password-42"})
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("home")).status_code == 302


def test_renaming_a_player_keeps_every_match_they_played_readable(persona_client, night, owner):
    from companion.standings import standings

    molotow = MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])
    enter_round(
        molotow,
        {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Anna"},
        number=1,
        user=owner,
    )
    murlan = MatchFactory(night=night, game="murlan", names=["Anna", "Beat"])
    enter_round(murlan, {"order": ["Anna", "Beat"]}, number=1, user=owner)
    anna = Player.objects.get(owner=owner, name="Anna")

    response = persona_client("owner").post(reverse("player_edit", args=[anna.pk]), {"name": "Anna Maria"})

    assert response.status_code == 302
    assert standings(molotow).totals == {"Anna Maria": -1, "Beat": 0, "Cla": 0, "Dora": 1}
    assert standings(murlan).totals == {"Anna Maria": 1, "Beat": 0}
    assert persona_client("owner").get(molotow.get_absolute_url()).status_code == 200


def test_the_night_pages_poll_answers_nothing_until_a_match_changes(persona_client, night):
    # Issue 37: the signed-in night page follows its matches like the shared night page.
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    client = persona_client("member")
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    version = page.split('data-version="')[1].split('"')[0]
    live = reverse("night_live", args=[night.pk])
    assert f'hx-get="{live}?v={version}"' in page
    assert client.get(live, {"v": version}).status_code == 204

    match.version = "changed"
    match.save(update_fields=["version"])
    answer = client.get(live, {"v": version})
    assert answer.status_code == 200
    assert 'id="night-live"' in answer.content.decode() and version not in answer.content.decode()
    assert persona_client("outsider").get(live, {"v": version}).status_code == 404
