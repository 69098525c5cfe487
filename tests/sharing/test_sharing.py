"""Share links: the owner makes and revokes them; anyone with one watches a match or a night, read-only, live."""

import re

import pytest
from django.urls import reverse

from companion.access import Viewer
from companion.models import ShareLink
from companion.play import rounds
from companion.sharing import services as sharing
from tests.factories import GameNightFactory, MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


def hand(match, number, *order, user=None):
    """A Murlan hand through the same service the round entry uses (it writes the RoundChange)."""
    return enter_round(match, {"order": list(order)}, number=number, user=user)


def shared_url(link):
    return reverse("shared", args=[link.token])


def live_url(link, version=None):
    url = reverse("shared_live", args=[link.token])
    return url if version is None else f"{url}?v={version}"


def version_of(html: str) -> str:
    return re.search(r'hx-get="[^"]*\?v=([^"]+)"', html).group(1)


def not_found_body(client):
    return client.get("/s/no-such-token-at-all/").content


# --- making, re-making and revoking -------------------------------------------------------


def test_the_owner_shares_a_match_and_sees_the_absolute_link_and_its_qr_code(persona_client, murlan, owner):
    client = persona_client("owner")
    response = client.post(reverse("match_share_create", args=[murlan.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("match_share", args=[murlan.pk])
    link = ShareLink.objects.get()
    assert link.match == murlan and link.night is None and link.created_by == owner
    assert len(link.token) >= 32
    page = client.get(reverse("match_share", args=[murlan.pk])).content.decode()
    url = f"http://testserver/s/{link.token}/"
    assert f'value="{url}"' in page
    assert '<svg role="img"' in page and "QR code of the link to Murlan · Friday cards" in page


def test_the_qr_code_is_made_from_the_absolute_url(persona_client, murlan, monkeypatch):
    given = []
    real_make = sharing.segno.make

    def spy(content, **options):
        given.append(content)
        return real_make(content, **options)

    monkeypatch.setattr(sharing.segno, "make", spy)
    client = persona_client("owner")
    client.post(reverse("match_share_create", args=[murlan.pk]))
    client.get(reverse("match_share", args=[murlan.pk]))
    assert given == [f"http://testserver/s/{ShareLink.objects.get().token}/"]


def test_the_qr_helper_draws_an_svg_that_sizes_with_css():
    svg = sharing.qr_svg("http://192.168.1.20:8000/s/abc/", title="QR <code>")
    assert svg.startswith('<svg role="img" viewBox="0 0 ')
    assert 'class="share-qr"' in svg and "width=" not in svg.split(">", 1)[0]
    assert "<title>QR &lt;code&gt;</title>" in svg
    # Another URL, another code.
    assert svg != sharing.qr_svg("http://192.168.1.20:8000/s/abd/", title="QR <code>")


def test_a_link_made_on_localhost_warns_that_other_devices_cannot_open_it(persona_client, murlan):
    client = persona_client("owner")
    client.post(reverse("match_share_create", args=[murlan.pk]))
    share_page = reverse("match_share", args=[murlan.pk])
    local = client.get(share_page, HTTP_HOST="localhost:8000").content.decode()
    assert f'value="http://localhost:8000/s/{ShareLink.objects.get().token}/"' in local
    assert "This address works only on this computer" in local
    assert "This address works only on this computer" not in client.get(share_page).content.decode()


def test_re_creating_gives_a_new_token_and_kills_the_old_one(persona_client, murlan):
    client = persona_client("owner")
    client.post(reverse("match_share_create", args=[murlan.pk]))
    old = ShareLink.objects.get()
    client.post(reverse("match_share_create", args=[murlan.pk]))
    new = ShareLink.objects.get(revoked_at__isnull=True)
    assert new.token != old.token
    client.logout()
    assert client.get(shared_url(old)).status_code == 410
    assert client.get(live_url(old)).status_code == 410
    assert client.get(shared_url(new)).status_code == 200


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "Sharing was stopped"), ("de", "Das Teilen wurde beendet")],
)
def test_a_revoked_link_says_sharing_was_stopped_and_nothing_else(persona_client, murlan, language, sentence):
    # Issue 37: a TV whose link was stopped says so, in its language, instead of "Not found".
    client = persona_client("owner")
    client.post(reverse("match_share_create", args=[murlan.pk]))
    link = ShareLink.objects.get()
    client.post(reverse("match_share_revoke", args=[murlan.pk]))
    client.logout()
    response = client.get(shared_url(link), headers={"accept-language": language})
    assert response.status_code == 410
    assert sentence in response.content.decode()
    assert murlan.night.title.encode() not in response.content
    assert b"Anna" not in response.content
    assert response["Referrer-Policy"] == "no-referrer"
    assert client.get(live_url(link, "m0.0.0")).status_code == 410
    link.refresh_from_db()
    assert link.revoked_at is not None


def test_a_wrong_token_reveals_nothing(client, murlan):
    sharing.create_link(match=murlan, user=None)
    link = ShareLink.objects.get()
    wrong = link.token[:-1] + ("A" if link.token[-1] != "A" else "B")
    response = client.get(f"/s/{wrong}/")
    assert response.status_code == 404 and response.content == not_found_body(client)


def test_the_owner_shares_and_unshares_a_night(persona_client, night):
    client = persona_client("owner")
    client.post(reverse("night_share_create", args=[night.pk]))
    link = ShareLink.objects.get()
    assert link.night == night and link.match is None
    assert (
        f"http://testserver/s/{link.token}/"
        in client.get(reverse("night_share", args=[night.pk])).content.decode()
    )
    client.post(reverse("night_share_revoke", args=[night.pk]))
    assert client.get(shared_url(link)).status_code == 410
    assert "Not shared at the moment." in client.get(reverse("night_share", args=[night.pk])).content.decode()


@pytest.mark.parametrize("persona", ["member", "outsider"])
@pytest.mark.parametrize("kind", ["match", "night"])
def test_only_the_owner_creates_or_revokes(persona_client, murlan, night, persona, kind):
    pk = murlan.pk if kind == "match" else night.pk
    existing = sharing.create_link(**{kind: murlan if kind == "match" else night, "user": None})
    client = persona_client(persona)
    assert client.post(reverse(f"{kind}_share_create", args=[pk])).status_code == 404
    assert client.post(reverse(f"{kind}_share_revoke", args=[pk])).status_code == 404
    assert list(ShareLink.objects.values_list("token_hash", "revoked_at")) == [(existing.token_hash, None)]


@pytest.mark.parametrize("name", ["match_share_create", "match_share_revoke", "match_share"])
def test_anonymous_visitors_are_sent_to_login(persona_client, murlan, name):
    response = persona_client("anonymous").post(reverse(name, args=[murlan.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not ShareLink.objects.exists()


def test_a_member_sees_the_link_but_not_the_buttons(persona_client, murlan):
    client = persona_client("member")
    page = client.get(reverse("match_share", args=[murlan.pk])).content.decode()
    assert "Only the night's owner can share it." in page
    link = sharing.create_link(match=murlan, user=None)
    page = client.get(reverse("match_share", args=[murlan.pk])).content.decode()
    assert link.token in page and "<svg" in page
    assert reverse("match_share_create", args=[murlan.pk]) not in page
    assert reverse("match_share_revoke", args=[murlan.pk]) not in page


def test_two_active_links_for_one_match_cannot_exist(murlan):
    from django.db import IntegrityError, transaction

    ShareLink.objects.create(match=murlan, token_hash="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        ShareLink.objects.create(match=murlan, token_hash="two")


def test_a_link_is_for_a_match_or_a_night_never_both(murlan, night):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        ShareLink.objects.create(match=murlan, night=night, token_hash="both")
    with pytest.raises(IntegrityError), transaction.atomic():
        ShareLink.objects.create(token_hash="neither")


# --- the shared pages ---------------------------------------------------------------------


def test_anyone_with_the_link_sees_the_standings_and_nothing_to_change(client, murlan):
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    link = sharing.create_link(match=murlan, user=None)
    response = client.get(shared_url(link))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-player="Cla">3<' in html and 'data-player="Anna">2<' in html
    assert 'data-player="Beat">1<' in html and 'data-player="Dora">0<' in html
    assert "Friday cards" in html and "Murlan" in html
    assert "<form" not in html and "<input" not in html
    for private in ("/matches/", "/nights/", "/players/", "/logout/", "Edit", "Undo", "Save round"):
        assert private not in html, private


def test_the_shared_page_keeps_the_token_to_itself_and_out_of_caches(client, murlan):
    link = sharing.create_link(match=murlan, user=None)
    for url in (shared_url(link), live_url(link)):
        response = client.get(url)
        assert response["Referrer-Policy"] == "no-referrer"
        assert response["X-Robots-Tag"] == "noindex, nofollow"
        assert "no-store" in response["Cache-Control"]


@pytest.mark.parametrize("game", ["molotow", "anrufen", "elfer", "murlan"])
def test_every_game_has_a_read_only_shared_page(client, night, game):
    match = MatchFactory(night=night, game=game, names=ABCD[:3] if game == "elfer" else ABCD)
    if game == "molotow":
        enter_round(match, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}, number=1, user=None)
    html = client.get(shared_url(sharing.create_link(match=match, user=None))).content.decode()
    assert match.get_game_display() in html and 'data-player="Anna"' in html
    assert "<form" not in html and "<input" not in html and "<select" not in html


def test_an_elfer_match_in_play_is_shown_without_its_tap_board(client, night):
    elfer = MatchFactory(night=night, game="elfer", names=["Anna", "Beat", "Cla"])
    link = sharing.create_link(match=elfer, user=None)
    html = client.get(shared_url(link)).content.decode()
    assert "Elfer raus! Master" in html
    assert "<form" not in html and "Bonus board" not in html


def test_the_shared_page_costs_the_same_queries_with_more_rounds(client, murlan, django_assert_num_queries):
    link = sharing.create_link(match=murlan, user=None)
    hand(murlan, 1, "Anna", "Beat", "Cla", "Dora")
    with django_assert_num_queries(4):  # link and version, match with night, seats with players, rounds
        client.get(shared_url(link))
    for number in range(2, 6):
        hand(murlan, number, "Beat", "Anna", "Cla", "Dora")
    with django_assert_num_queries(4):
        client.get(shared_url(link))


def test_a_night_link_lists_its_matches_with_standings(client, night, murlan):
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    elfer = MatchFactory(night=night, game="elfer", names=["Anna", "Beat", "Cla"])
    link = sharing.create_link(night=night, user=None)
    html = client.get(shared_url(link)).content.decode()
    assert "Friday cards" in html and "Murlan" in html and "Elfer raus! Master" in html
    assert 'data-player="Cla">3<' in html
    assert reverse("shared_match", args=[link.token, murlan.pk]) in html
    assert reverse("shared_match", args=[link.token, elfer.pk]) in html
    assert "<form" not in html and "/matches/" not in html.replace(f"/s/{link.token}/matches/", "")


def test_a_match_opens_through_its_nights_link(client, night, murlan):
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    link = sharing.create_link(night=night, user=None)
    html = client.get(reverse("shared_match", args=[link.token, murlan.pk])).content.decode()
    assert 'data-player="Cla">3<' in html
    assert f'href="{shared_url(link)}"' in html  # back to the night, within the token
    assert reverse("shared_match_live", args=[link.token, murlan.pk]) in html


def test_a_night_link_does_not_open_a_match_of_another_night(client, night, owner):
    link = sharing.create_link(night=night, user=None)
    elsewhere = MatchFactory(night=GameNightFactory(owner=owner, title="Other night"), game="murlan")
    for name in ("shared_match", "shared_match_live"):
        response = client.get(reverse(name, args=[link.token, elsewhere.pk]))
        assert response.status_code == 404 and response.content == not_found_body(client)


def test_a_match_link_opens_no_match_below_it(client, murlan):
    """Only a night's link has matches below it: a match link's token opens just its own page."""
    link = sharing.create_link(match=murlan, user=None)
    assert client.get(reverse("shared_match", args=[link.token, murlan.pk])).status_code == 404


def test_a_revoked_night_link_closes_its_matches_too(client, night, murlan):
    link = sharing.create_link(night=night, user=None)
    sharing.revoke_link(night=night)
    assert client.get(reverse("shared_match", args=[link.token, murlan.pk])).status_code == 410


# --- live refresh ---------------------------------------------------------------------------


def test_an_unchanged_version_costs_one_query_and_answers_204(client, murlan, django_assert_num_queries):
    hand(murlan, 1, "Anna", "Beat", "Cla", "Dora")
    link = sharing.create_link(match=murlan, user=None)
    version = version_of(client.get(shared_url(link)).content.decode())
    with django_assert_num_queries(1):
        response = client.get(live_url(link, version))
    assert response.status_code == 204 and response.content == b""


def test_a_new_round_changes_the_version_and_the_poll_gets_the_fragment(client, murlan):
    link = sharing.create_link(match=murlan, user=None)
    version = version_of(client.get(shared_url(link)).content.decode())
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    response = client.get(live_url(link, version), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="live"') and "<html" not in html
    assert 'data-player="Cla">3<' in html
    new_version = version_of(html)
    assert new_version != version
    assert client.get(live_url(link, new_version)).status_code == 204


def test_the_version_is_opaque_and_per_match(client, night, murlan, owner):
    """It used to carry the newest RoundChange id (a site-wide counter) and the night's save time."""
    hand(murlan, 1, "Anna", "Beat", "Cla", "Dora")
    other = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    hand(other, 1, "Anna", "Beat", "Cla", "Dora")
    link = sharing.create_link(match=murlan, user=None)
    version = version_of(client.get(shared_url(link)).content.decode())
    assert re.fullmatch(r"[0-9a-f]{24}", version), version  # no counter, no timestamp
    assert version == sharing.live_state(link.token).version  # stable while nothing changes
    # Two matches in the same state, and the same match through its night's link, differ.
    other_link = sharing.create_link(match=other, user=None)
    night_link = sharing.create_link(night=night, user=None)
    assert sharing.live_state(other_link.token).version != version
    assert sharing.live_state(night_link.token, murlan.pk).version != version


def test_every_kind_of_change_changes_a_matchs_version(murlan, owner):
    link = sharing.create_link(match=murlan, user=None)
    seen = [sharing.live_state(link.token).version]

    def changed():
        seen.append(sharing.live_state(link.token).version)
        return seen[-1] not in seen[:-1]

    hand(murlan, 1, "Anna", "Beat", "Cla", "Dora", user=owner)
    assert changed()
    hand(murlan, 2, "Anna", "Beat", "Cla", "Dora", user=owner)
    assert changed()
    rounds.edit_entry(Viewer(owner), murlan.pk, 2, {"order": ["Dora", "Cla", "Beat", "Anna"]})
    assert changed()
    rounds.undo_last(Viewer(owner), murlan.pk, 2)
    assert changed()
    rounds.end_match(Viewer(murlan.night.owner), murlan.pk)
    assert changed()
    rounds.resume_match(Viewer(murlan.night.owner), murlan.pk)
    # Reopened, the match is as it was before the close: the same page, so the same version.
    seen.append(sharing.live_state(link.token).version)
    assert seen[-1] != seen[-2] and seen[-1] == seen[-3]


def test_a_nights_version_follows_its_matches(night, murlan, owner):
    link = sharing.create_link(night=night, user=None)

    def version():
        return sharing.live_state(link.token).version

    before = version()
    assert version() == before  # stable while nothing happens
    hand(murlan, 1, "Anna", "Beat", "Cla", "Dora")
    after_round = version()
    assert after_round != before
    other = MatchFactory(night=night, game="murlan", names=ABCD)
    after_match = version()
    assert after_match != after_round
    hand(other, 1, "Beat", "Anna", "Cla", "Dora")
    after_other = version()
    assert after_other != after_match
    rounds.end_match(Viewer(other.night.owner), other.pk)
    assert version() != after_other
    # A round in another night leaves this one's version alone.
    stranger = MatchFactory(night=GameNightFactory(owner=owner), game="murlan", names=ABCD)
    unchanged = version()
    hand(stranger, 1, "Anna", "Beat", "Cla", "Dora")
    assert version() == unchanged


def test_renaming_the_night_reaches_the_shared_pages_on_the_next_poll(client, night, murlan):
    for link in (sharing.create_link(night=night, user=None), sharing.create_link(match=murlan, user=None)):
        version = version_of(client.get(shared_url(link)).content.decode())
        night.title = f"Saturday cards {link.pk}"
        night.save()
        response = client.get(live_url(link, version))
        assert response.status_code == 200 and f"Saturday cards {link.pk}" in response.content.decode()


def test_the_shared_night_shows_no_place_or_notes(client, night):
    night.place = "Anna's flat, Bahnhofstrasse 3"
    night.notes = "Bring the good cards"
    night.save()
    html = client.get(shared_url(sharing.create_link(night=night, user=None))).content.decode()
    assert "Bahnhofstrasse" not in html and "good cards" not in html


def test_a_nights_poll_is_one_query_too(client, night, murlan, django_assert_num_queries):
    link = sharing.create_link(night=night, user=None)
    version = version_of(client.get(shared_url(link)).content.decode())
    with django_assert_num_queries(1):
        assert client.get(live_url(link, version)).status_code == 204
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    response = client.get(live_url(link, version))
    assert response.status_code == 200 and 'data-player="Cla">3<' in response.content.decode()


def test_a_match_polled_through_its_nights_link(client, night, murlan, django_assert_num_queries):
    link = sharing.create_link(night=night, user=None)
    page = client.get(reverse("shared_match", args=[link.token, murlan.pk])).content.decode()
    version = version_of(page)
    url = reverse("shared_match_live", args=[link.token, murlan.pk])
    with django_assert_num_queries(1):
        assert client.get(f"{url}?v={version}").status_code == 204
    hand(murlan, 1, "Cla", "Anna", "Beat", "Dora")
    response = client.get(f"{url}?v={version}")
    assert response.status_code == 200 and 'data-player="Cla">3<' in response.content.decode()


def test_a_poll_after_revoking_answers_410_gone(client, murlan):
    link = sharing.create_link(match=murlan, user=None)
    version = version_of(client.get(shared_url(link)).content.decode())
    sharing.revoke_link(match=murlan)
    assert client.get(live_url(link, version)).status_code == 410


def test_live_state_knows_no_unknown_or_revoked_token(murlan):
    assert sharing.live_state("nothing") is None
    link = sharing.create_link(match=murlan, user=None)
    assert sharing.live_state(link.token).match_id == murlan.pk
    sharing.revoke_link(match=murlan)
    assert sharing.live_state(link.token) is None
