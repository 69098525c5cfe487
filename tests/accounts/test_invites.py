"""Invites (issue 14): the one way into a night is an invite the person accepts.

Consent: opening a link, signing up through it or logging in adds nobody; only the
"Join" tap (``invite_accept``) makes a membership. Withdrawn, expired and used-up
invites show one page saying so, with nothing to fill in, and change nothing.
"""

from __future__ import annotations

import datetime
import html

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from companion.invites import services as invites
from companion.models import Invite, Membership
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "cards-at-claudias-42"


def make_invite(night, **kwargs) -> Invite:
    options = {"hours": 24, "single_use": False, **kwargs}
    return invites.create(night, user=night.owner, **options)


def invite_url(invite: Invite) -> str:
    return reverse("invite", args=[invite.token])


def sign_up(client, invite, username="friend", password=NEW_PASSWORD):
    return client.post(
        reverse("invite_signup", args=[invite.token]),
        {"username": username, "password1": password, "password2": password},
    )


# --- the owner's side ---------------------------------------------------------------


def test_the_owner_makes_an_invite_with_a_link_and_a_qr_code(persona_client, night):
    client = persona_client("owner")
    response = client.post(
        reverse("night_invite_create", args=[night.pk]), {"hours": "168", "single_use": "on"}
    )
    assert response.status_code == 302
    invite = Invite.objects.get(night=night)
    assert len(invite.token) >= 32
    assert invite.single_use
    assert (
        timezone.now() + datetime.timedelta(days=6)
        < invite.expires_at
        <= timezone.now() + datetime.timedelta(days=7)
    )
    page = client.get(reverse("night_invites", args=[night.pk])).content.decode()
    assert invite_url(invite) in page
    assert "<svg" in page and "QR code of the invite to Friday cards" in page


def test_an_unknown_lifetime_is_refused_in_place_and_makes_nothing(persona_client, night):
    response = persona_client("owner").post(
        reverse("night_invite_create", args=[night.pk]), {"hours": "99999"}
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Invite.objects.exists()


def test_a_member_cannot_invite_or_withdraw(persona_client, night):
    invite = make_invite(night)
    client = persona_client("member")
    assert client.post(reverse("night_invite_create", args=[night.pk]), {"hours": "24"}).status_code == 404
    assert client.post(reverse("night_invite_revoke", args=[night.pk, invite.pk])).status_code == 404
    assert Invite.objects.count() == 1
    assert Invite.objects.get().revoked_at is None


def test_the_owner_withdraws_an_invite(persona_client, night):
    invite = make_invite(night)
    persona_client("owner").post(reverse("night_invite_revoke", args=[night.pk, invite.pk]))
    invite.refresh_from_db()
    assert invite.state == Invite.State.REVOKED


# --- the invited person's side --------------------------------------------------------


def test_a_stranger_sees_what_they_are_invited_to_and_by_whom(client, night):
    invite = make_invite(night)
    page = client.get(invite_url(invite)).content.decode()
    assert "owner invites you to enter scores in" in page
    assert "Friday cards" in page
    assert 'name="username"' in page and "Log in to join" in page


def test_signing_up_through_an_invite_makes_an_account_but_no_member(client, night):
    invite = make_invite(night)
    response = sign_up(client, invite)
    assert response.status_code == 302
    assert response["Location"] == invite_url(invite)
    friend = User.objects.get(username="friend")
    assert client.session["_auth_user_id"] == str(friend.pk)
    assert not night.members.filter(pk=friend.pk).exists()  # consent: not yet
    page = client.get(invite_url(invite)).content.decode()
    assert ">Join<" in page
    assert not night.members.filter(pk=friend.pk).exists()  # looking again changes nothing


def test_joining_is_the_tap_on_join(client, night):
    invite = make_invite(night)
    sign_up(client, invite)
    response = client.post(reverse("invite_accept", args=[invite.token]))
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    membership = Membership.objects.get(night=night, user__username="friend")
    assert (membership.via, membership.invite) == (Membership.Via.INVITE, invite)
    invite.refresh_from_db()
    assert invite.uses == 1
    assert client.get(night.get_absolute_url()).status_code == 200


def test_an_existing_account_logs_in_and_joins(client, night, outsider):
    invite = make_invite(night)
    login_page = client.get(invite_url(invite)).content.decode()
    assert f"{reverse('login')}?next={invite_url(invite)}" in login_page
    response = client.post(
        reverse("login"), {"username": "outsider", "password": PASSWORD, "next": invite_url(invite)}
    )
    assert response["Location"] == invite_url(invite)
    assert not night.members.filter(pk=outsider.pk).exists()
    client.post(reverse("invite_accept", args=[invite.token]))
    assert night.members.filter(pk=outsider.pk).exists()


def test_the_owner_cannot_join_their_own_night(persona_client, night, owner):
    invite = make_invite(night)
    response = persona_client("owner").post(reverse("invite_accept", args=[invite.token]))
    assert response.status_code == 409
    assert "your own game night" in response.content.decode()
    assert not Membership.objects.filter(user=owner).exists()
    assert Invite.objects.get().uses == 0


def test_a_member_joining_again_keeps_their_membership(persona_client, night, member):
    before = Membership.objects.get(night=night, user=member)
    invite = make_invite(night)
    response = persona_client("member").post(reverse("invite_accept", args=[invite.token]))
    assert response.status_code == 409
    assert list(Membership.objects.filter(night=night, user=member)) == [before]


# --- invites that do not work -----------------------------------------------------------


def revoked(night):
    invite = make_invite(night)
    invites.revoke(night, invite.pk)
    return invite


def expired(night):
    invite = make_invite(night)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    return invite


def used_up(night):
    invite = make_invite(night, single_use=True)
    invites.accept(invite.token, UserFactory(username="first"))
    return invite


DEAD = {
    "revoked": (revoked, "withdrawn by the night's owner"),
    "expired": (expired, "has expired"),
    "used up": (used_up, "was for one person and has been used"),
}


@pytest.mark.parametrize("kind", DEAD)
@pytest.mark.parametrize("persona", ["anonymous", "outsider"])
def test_a_dead_invite_shows_a_clear_page_and_nothing_else(persona_client, night, kind, persona):
    make, sentence = DEAD[kind]
    invite = make(night)
    response = persona_client(persona).get(invite_url(invite))
    assert response.status_code == 410
    page = html.unescape(response.content.decode())
    assert sentence in page
    assert "This invite does not work" in page
    assert "Friday cards" not in page and "invites you" not in page  # nothing about the night
    assert "<form" not in page.split('id="main"')[1]  # nothing to fill in


@pytest.mark.parametrize("kind", DEAD)
def test_a_dead_invite_admits_nobody(client, persona_client, night, outsider, kind):
    make, _ = DEAD[kind]
    invite = make(night)
    members_before = set(night.members.values_list("pk", flat=True))
    response = sign_up(client, invite, username="latecomer")
    assert response.status_code == 410
    assert not User.objects.filter(username="latecomer").exists()
    response = persona_client("outsider").post(reverse("invite_accept", args=[invite.token]))
    assert response.status_code == 410
    assert set(night.members.values_list("pk", flat=True)) == members_before


def test_an_unknown_token_is_a_404_with_the_same_kind_of_page(client):
    response = client.get(reverse("invite", args=["x" * 32]))
    assert response.status_code == 404
    assert "This invite link is not known" in response.content.decode()


def test_a_single_use_invite_admits_one_person(night):
    invite = make_invite(night, single_use=True)
    invites.accept(invite.token, UserFactory(username="first"))
    with pytest.raises(invites.InviteError):
        invites.accept(invite.token, UserFactory(username="second"))
    assert list(night.members.values_list("username", flat=True).order_by("username")) == ["first", "member"]


def test_a_reusable_invite_admits_several_people_and_counts_them(night):
    invite = make_invite(night)
    for name in ("first", "second"):
        invites.accept(invite.token, UserFactory(username=name))
    invite.refresh_from_db()
    assert invite.uses == 2 and invite.state == Invite.State.ACTIVE


# --- members ------------------------------------------------------------------------------


def test_members_are_listed_with_when_and_how_they_joined(persona_client, night):
    invite = make_invite(night)
    invites.accept(invite.token, UserFactory(username="friend"))
    page = persona_client("member").get(reverse("night_members", args=[night.pk])).content.decode()
    assert "friend" in page and "accepted an invite" in page
    assert "member" in page and "added by the owner" in page
    assert "Remove" not in page  # members do not remove others
    assert ">Leave<" in page


def test_a_member_leaves(persona_client, night, member):
    response = persona_client("member").post(reverse("night_leave", args=[night.pk]))
    assert response.status_code == 302
    assert not night.members.filter(pk=member.pk).exists()


def test_the_owner_cannot_leave_their_own_night(persona_client, night, owner):
    response = persona_client("owner").post(reverse("night_leave", args=[night.pk]), follow=True)
    assert "you cannot leave it" in response.content.decode()
    assert night.owner == owner and night.members.count() == 1


def test_a_removed_member_no_longer_sees_the_night(persona_client, night, member):
    persona_client("owner").post(reverse("night_member_remove", args=[night.pk, member.pk]))
    assert persona_client("member").get(night.get_absolute_url()).status_code == 404
