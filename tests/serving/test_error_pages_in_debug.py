"""With DEBUG on (``make run``), a missing page and a stopped share link still show the app's own page:
never Django's technical 404 with every URL of the site (issue 37)."""

import pytest
from django.test import override_settings

from companion.sharing import services as sharing
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

TECHNICAL = ("URLconf", "urlpatterns", "DEBUG = True")


@override_settings(DEBUG=True)
@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "There is nothing at this address."), ("de", "Unter dieser Adresse gibt es nichts.")],
)
@pytest.mark.parametrize("address", ["/no-such-page/", "/nights/999999/", "/s/no-such-token/"])
def test_a_missing_page_in_debug_is_the_apps_own_404(client, owner, address, language, sentence):
    client.force_login(owner)
    response = client.get(address, headers={"accept-language": language})
    page = response.content.decode()
    assert response.status_code == 404
    assert sentence in page
    assert not any(word in page for word in TECHNICAL)


@override_settings(DEBUG=True)
@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Sharing was stopped"), ("de", "Das Teilen wurde beendet")]
)
def test_a_stopped_share_link_in_debug_says_so(client, night, owner, language, heading):
    link = sharing.create_link(match=MatchFactory(night=night, game="murlan"), user=owner)
    sharing.revoke_link(match=link.match)
    response = client.get(f"/s/{link.token}/", headers={"accept-language": language})
    assert response.status_code == 410
    assert heading in response.content.decode()
    assert not any(word in response.content.decode() for word in TECHNICAL)
