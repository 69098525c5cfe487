"""Anrufen on a phone: a whole match through the real form, with the live preview, undo and edit."""

import re

import pytest
from playwright.sync_api import expect

from companion.models import Match
from companion.standings import standings
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def moves(text):
    """The preview writes token losses with a real minus sign."""
    return text.replace("-", "\u2212")


def group(page, name):
    return page.get_by_role("group", name=name, exact=True)


def tap(page, group_name, choice):
    """Tap a toggle button (a radio or checkbox styled as a button) inside a labelled group."""
    group(page, group_name).get_by_text(choice, exact=True).click()


def open_more(page):
    """The less common inputs (raise, contra, marriages, redeal) open in place under their summary."""
    page.get_by_text("Raise, contra, marriages, redeal", exact=True).click()
    expect(page.get_by_text("Contra", exact=True)).to_be_visible()


def totals_on_screen(page):
    return {name: int(page.locator(f'.standing-total[data-player="{name}"]').inner_text()) for name in ABCD}


def expect_totals(page, totals):
    for name, total in totals.items():
        expect(page.locator(f'.standing-total[data-player="{name}"]')).to_have_text(str(total))
    # Save shows the new standings at the tap, from the live preview: the save itself is done
    # when its answer is in (Save is enabled again, or gone at the end of the match).
    expect(page.locator(".save-round:disabled")).to_have_count(0)


def preview(page):
    return page.get_by_role("status").filter(has=page.locator(".preview-outcome"))


def test_an_anrufen_match_from_first_deal_to_winner(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="anrufen", names=ABCD, options={"rounds": 4})
    page.goto(match.get_absolute_url())
    expect(page.get_by_text("Everybody started with 10 tokens")).to_be_visible()
    expect(preview(page)).to_contain_text("Preview: tap the bidder")

    # Deal 1: Anna plays Normal with Cla; 50 points with the stepper. Nobody is his own partner.
    tap(page, "Bidder", "Anna")
    expect(group(page, "Partner").get_by_role("radio", name="Anna")).to_be_disabled()
    expect(page.get_by_label("Tricks of the bidder's side")).to_be_hidden()
    tap(page, "Partner", "Cla")
    for _tap in range(5):
        page.get_by_role("button", name="10 points more").click()
    expect(page.get_by_label("Card points of the bidder's side")).to_have_value("50")
    expect(preview(page)).to_contain_text("✓ made · stake 1")
    expect(preview(page)).to_contain_text(moves("Anna +1, Beat -1, Cla +1, Dora -1"))
    page.get_by_role("button", name="Save round").click()
    expect_totals(page, {"Anna": 11, "Beat": 9, "Cla": 11, "Dora": 9})

    # Deal 2: Dora alone, No tricks, with contra: the partner, points and marriages go away, tricks appear.
    tap(page, "Bidder", "Dora")
    tap(page, "Contract (stake)", "No tricks (2)")
    expect(group(page, "Partner")).to_be_hidden()
    expect(page.get_by_label("Card points of the bidder's side")).to_be_hidden()
    page.get_by_label("Tricks of the bidder's side").fill("0")
    expect(preview(page)).to_contain_text("✓ made · stake 2")
    open_more(page)
    page.get_by_text("Contra", exact=True).click()
    expect(preview(page)).to_contain_text("✓ made · stake 3")
    expect(preview(page)).to_contain_text(moves("Anna -3, Beat -3, Cla -3, Dora +9"))
    page.get_by_role("button", name="Save round").click()
    expect_totals(page, {"Anna": 8, "Beat": 6, "Cla": 8, "Dora": 18})

    # Deal 3: everybody passed. After a save the less common inputs are closed again.
    expect(page.get_by_text("Contra", exact=True)).to_be_hidden()
    open_more(page)
    page.get_by_role("button", name="Redeal (everybody passed)").click()
    expect(page.get_by_role("heading", name="Enter: Round 4 of 4")).to_be_visible()
    expect(page.locator(".anrufen-round").first).to_contain_text("Redeal")
    open_more(page)
    expect(page.get_by_role("button", name="Redeal (everybody passed)")).to_be_enabled()
    expect_totals(page, {"Anna": 8, "Beat": 6, "Cla": 8, "Dora": 18})

    # Deal 4, first try: Beat's Hundred with Anna fails at 80; Enter in the points field saves the deal
    # (the Redeal button must not be the form's default button).
    tap(page, "Bidder", "Beat")
    tap(page, "Contract (stake)", "Hundred (2)")
    tap(page, "Partner", "Anna")
    points = page.get_by_label("Card points of the bidder's side")
    points.fill("80")
    expect(preview(page)).to_contain_text("✗ failed · stake 2")
    points.press("Enter")
    expect(page.get_by_role("heading", name="🏆 Dora wins!")).to_be_visible()
    expect_totals(page, {"Anna": 6, "Beat": 4, "Cla": 10, "Dora": 20})

    # Undo it, and enter what happened: Anna raised to All tricks + 100, with Beat's trump marriage.
    page.get_by_role("button", name=re.compile("Undo round 4")).click()
    expect(page.get_by_role("button", name="Save round")).to_be_visible()
    tap(page, "Bidder", "Beat")
    tap(page, "Contract (stake)", "Hundred (2)")
    open_more(page)
    raise_group = group(page, "Raised by the partner to")
    expect(raise_group.get_by_text("Hundred (2)", exact=True)).to_be_hidden()  # only higher contracts
    tap(page, "Partner", "Anna")
    tap(page, "Raised by the partner to", "All tricks + 100 (3)")
    page.get_by_label("Card points of the bidder's side").fill("90")
    page.get_by_label("Tricks of the bidder's side").fill("6")
    tap(page, "Bidder's side", "Trump (40)")
    expect(preview(page)).to_contain_text("✓ made · stake 3")
    expect(preview(page)).to_contain_text(moves("Anna +3, Beat +3, Cla -3, Dora -3"))
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name="🏆 Dora wins!")).to_be_visible()
    expect_totals(page, {"Anna": 11, "Beat": 9, "Cla": 5, "Dora": 15})
    expect(page.locator(".anrufen-round").first).to_contain_text(
        "Beat + Anna: All tricks + 100, raised from Hundred · ✓ made · stake 3"
    )

    # Edit deal 1 (not the last, so it asks first): Anna and Cla had only 40.
    page.get_by_role("link", name="Edit round 1").click()
    expect(group(page, "Bidder").get_by_role("radio", name="Anna")).to_be_checked()
    expect(group(page, "Partner").get_by_role("radio", name="Cla")).to_be_checked()
    page.get_by_role("button", name="10 points less").click()
    expect(preview(page)).to_contain_text("✗ failed · stake 1")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("heading", name="Change round 1?")).to_be_visible()
    page.get_by_role("button", name="Yes, change round 1").click()

    # By hand: deal 1 now -1/+1/-1/+1, deal 2 -3/-3/-3/+9, deal 4 +3/+3/-3/-3 on 10 each.
    # The scoreboard after the change first (the confirmation page has no standings), then the database.
    expect_totals(page, {"Anna": 9, "Beat": 11, "Cla": 3, "Dora": 17})
    expected = standings(Match.objects.get(pk=match.pk))
    assert totals_on_screen(page) == expected.totals == {"Anna": 9, "Beat": 11, "Cla": 3, "Dora": 17}
    assert expected.finished and expected.winners == ("Dora",)


def four_at_the_table(page, night):
    """A fresh match of four, its scoreboard open on the phone."""
    match = MatchFactory(night=night, game="anrufen", names=ABCD)
    page.goto(match.get_absolute_url())
    return match


def test_the_preview_never_calls_an_entry_made_that_save_refuses(logged_in, night):
    page = logged_in
    match = four_at_the_table(page, night)
    tap(page, "Bidder", "Anna")
    tap(page, "Contract (stake)", "All tricks + 100 (3)")
    tap(page, "Partner", "Cla")
    page.get_by_label("Tricks of the bidder's side").fill("6")
    page.get_by_label("Card points of the bidder's side").fill("90")
    open_more(page)  # marriages are among the less common inputs
    tap(page, "Bidder's side", "Trump (40)")
    expect(preview(page)).to_contain_text("✓ made · stake 3")
    # Every trick, but under 90 card points: the engine refuses it, and so does the preview.
    page.get_by_label("Card points of the bidder's side").fill("80")
    expect(preview(page)).to_contain_text("Round 1: ")
    expect(preview(page)).not_to_contain_text("made")
    expect(preview(page)).not_to_contain_text("failed")
    sentence = preview(page).locator(".preview-outcome").inner_text()
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#entry-error")).to_have_text(sentence)
    assert not Match.objects.get(pk=match.pk).rounds.exists()


def test_a_first_normal_deal_of_four_is_saved_as_tapped_with_no_partner_chosen_beforehand(logged_in, night):
    page = logged_in
    match = four_at_the_table(page, night)
    partner = group(page, "Partner")
    for name in [*ABCD, "Nobody (alone)"]:
        expect(partner.get_by_role("radio", name=name)).not_to_be_checked()

    tap(page, "Bidder", "Beat")
    expect(preview(page)).to_contain_text("Preview: tap the bidder, the partner")
    tap(page, "Partner", "Dora")
    page.get_by_label("Card points of the bidder's side").fill("60")
    expect(preview(page)).to_contain_text("✓ made · stake 1")
    page.get_by_role("button", name="Save round").click()
    expect_totals(page, {"Anna": 9, "Beat": 11, "Cla": 9, "Dora": 11})
    assert match.rounds.get().entry == {"bidder": "Beat", "bid": "normal", "partner": "Dora", "points": 60}


def test_alone_is_tapped_on_purpose_and_then_said_to_be_no_partner_by_save(logged_in, night):
    page = logged_in
    match = four_at_the_table(page, night)
    tap(page, "Bidder", "Anna")
    tap(page, "Partner", "Nobody (alone)")
    page.get_by_label("Card points of the bidder's side").fill("50")
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#entry-error")).to_have_text(
        "Round 1: the partner is missing: with 4 players Normal is played with a partner"
    )
    expect(page.locator("#entry-error")).to_be_in_viewport()
    assert not match.rounds.exists()


def test_the_rounds_list_says_the_raise_the_contra_and_the_marriages_of_a_deal(logged_in, night):
    page = logged_in
    four_at_the_table(page, night)
    tap(page, "Bidder", "Beat")
    tap(page, "Contract (stake)", "Normal (1)")
    tap(page, "Partner", "Anna")
    open_more(page)
    tap(page, "Raised by the partner to", "Hundred (2)")
    page.get_by_text("Contra", exact=True).click()
    tap(page, "Bidder's side", "Trump (40)")
    group(page, "Opponents").get_by_role("button", name="One plain marriage more").click()
    page.get_by_label("Card points of the bidder's side").fill("80")
    expect(preview(page)).to_contain_text("made")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 2"))).to_be_attached()
    row = page.locator(".anrufen-round").first
    expect(row).to_contain_text("Beat + Anna: Hundred, raised from Normal, contra · ✓ made")
    # 80 card points made a Hundred: the trump marriage's 40 says why.
    expect(row).to_contain_text("(80 points + trump marriage 40; opponents: marriage 20)")
    page.locator(".rounds-part").screenshot(path="/tmp/anrufen-row.png")
