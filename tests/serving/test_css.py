"""The Bootstrap CSS we ship (cut down by ``make css``) styles every Bootstrap class the pages use.

``make css`` keeps the Bootstrap rules whose class names appear in the templates,
the Python code and our scripts (purgecss.config.cjs); ``make css-check`` (CI) fails
when the committed file is not what it builds. This test renders the pages, in
their usual states and with form errors, and checks the other direction: no class
that full Bootstrap styles is missing from the shipped file, nor, on a match page
(play/detail.html and what a save answers), from the match pages' cut
(``bootstrap-match.min.css``; tests/browser/test_match_css.py checks it in the browser too,
with what the scripts add).
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from companion.games import registry
from companion.models import MoneyProposal, Player
from companion.sharing.services import create_link
from tests.factories import MatchFactory, RoundFactory, quick_murlan

pytestmark = pytest.mark.django_db

FULL = Path(settings.BASE_DIR, "assets/vendor/bootstrap/bootstrap.min.css")
SHIPPED = Path(settings.BASE_DIR, "static/vendor/bootstrap/bootstrap.min.css")
SHIPPED_MATCH = Path(settings.BASE_DIR, "static/vendor/bootstrap/bootstrap-match.min.css")
ABCD = ["Anna", "Beat", "Cla", "Dora"]


def selectors(css: str) -> set[str]:
    """Every selector of a style sheet's rules (inside @media too), one by one."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = set()
    for prelude in re.findall(r"([^{};]+)\{", css):
        prelude = prelude.strip()
        if prelude.startswith("@"):
            continue
        depth, start = 0, 0
        for index, char in enumerate(prelude + ","):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == "," and depth == 0:
                found.add(prelude[start:index].strip())
                start = index + 1
    return found


def needs(selector: str) -> tuple[set[str], set[str], set[str]]:
    """The classes, element names and attribute names a selector needs on a page."""
    plain = re.sub(r"\([^()]*\)", "", selector)  # not inside :not(…), :is(…)
    return (
        set(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", plain)),
        set(re.findall(r"(?:^|[\s>+~])([a-z][a-z0-9]*)", plain)),
        set(re.findall(r"\[([\w-]+)", plain)),
    )


def used_classes(html: str) -> set[str]:
    return {name for value in re.findall(r'class="([^"]*)"', html) for name in value.split()}


def pages(client, night, owner):
    """(label, response) for the pages and fragments a person sees, logged in and not."""
    games = registry.keys()  # every game the web knows
    matches = {
        game: MatchFactory(night=night, game=game, names=ABCD[: 3 if game == "anrufen" else 4])
        for game in games
    }
    RoundFactory(match=matches["molotow"], number=1)
    finished = quick_murlan(night)
    link = create_link(match=matches["molotow"], user=owner)
    player = Player.objects.filter(owner=owner).first()
    # A member's money proposal waits: the night page and its edit page show it with Accept and Decline.
    member = night.members.first()
    MoneyProposal.objects.create(night=night, proposed_by=member, currency="EUR", prices={"molotow": 20})
    yield "login", client.get(reverse("login"))
    yield "login refused", client.post(reverse("login"), {"username": "owner", "password": "wrong"})
    yield "rules", client.get(reverse("rules_index"))
    client.force_login(owner)
    get = {
        "home": reverse("home"),
        "nights": reverse("night_list"),
        "new night": reverse("night_create"),
        "import": reverse("night_import"),
        "night": night.get_absolute_url(),
        "night edit": reverse("night_edit", args=[night.pk]),
        "members": reverse("night_members", args=[night.pk]),
        "new match": reverse("match_create", args=[night.pk]),
        "finished match": finished.get_absolute_url(),
        "history": reverse("match_history", args=[matches["molotow"].pk]),
        "round edit": reverse("round_edit", args=[matches["molotow"].pk, 1]),
        "players": reverse("player_list"),
        "leaderboard": reverse("leaderboard"),
        "match share": reverse("match_share", args=[matches["molotow"].pk]),
        "night share": reverse("night_share", args=[night.pk]),
    }
    if player:
        get["player"] = reverse("player_detail", args=[player.pk])
    for game, match in matches.items():
        get[f"{game} scoreboard"] = match.get_absolute_url()
        get[f"new {game} match"] = reverse("match_create", args=[night.pk]) + f"?game={game}"
    for label, url in get.items():
        yield label, client.get(url)
    yield "bad new night", client.post(reverse("night_create"), {"title": ""})
    for game, match in matches.items():
        url = reverse("round_add", args=[match.pk])
        yield f"bad {game} round", client.post(url, {"number": 1})
        yield f"bad {game} round (htmx)", client.post(url, {"number": 1}, HTTP_HX_REQUEST="true")
    yield "shared match", client.get(reverse("shared", args=[link.token]))
    yield (
        "money answer (htmx)",
        client.post(
            reverse("night_money_decline", args=[night.pk]), {"proposal": "0"}, HTTP_HX_REQUEST="true"
        ),
    )
    client.force_login(member)
    yield "member's night edit (a proposal)", client.get(reverse("night_edit", args=[night.pk]))
    yield "member's night", client.get(night.get_absolute_url())


def dropped_rules(shipped: Path):
    return [
        (selector, *needs(selector))
        for selector in selectors(FULL.read_text()) - selectors(shipped.read_text())
    ]


def lacking(html: str, dropped) -> list[str]:
    """The dropped rules whose classes, elements and attributes all occur in ``html``."""
    used = used_classes(html)
    return [
        selector
        for selector, needed, elements, attributes in dropped
        if needed
        and needed <= used
        and all(f"<{name}" in html for name in elements)
        and all(f" {name}" in html for name in attributes)
    ]


def test_every_bootstrap_rule_a_page_can_use_is_in_the_shipped_css(client, night, owner):
    """A rule of full Bootstrap whose classes all occur on one page must be shipped (on a match page: in its cut)."""
    full, shipped, match_cut = (
        selectors(FULL.read_text()),
        selectors(SHIPPED.read_text()),
        selectors(SHIPPED_MATCH.read_text()),
    )
    assert len(shipped) < len(full) / 2, "the shipped file is cut down"
    assert len(match_cut) < len(shipped), "the match pages' cut is smaller"
    dropped, dropped_from_match = dropped_rules(SHIPPED), dropped_rules(SHIPPED_MATCH)
    missing, match_pages = {}, 0
    for label, response in pages(client, night, owner):
        assert response.status_code in {200, 302}, (label, response.status_code)
        html = response.content.decode()
        for selector in lacking(html, dropped):
            missing.setdefault(selector, label)
        if label == "finished match" or label.endswith((" scoreboard", " round", " round (htmx)")):
            match_pages += 1
            for selector in lacking(html, dropped_from_match):
                missing.setdefault(f"{selector} (match cut)", label)
    assert match_pages == 1 + 3 * len(registry.keys()), "every game's scoreboard and its answers to a save"
    assert not missing, f"run `make css`: Bootstrap rules a page needs but the shipped CSS lacks: {missing}"
