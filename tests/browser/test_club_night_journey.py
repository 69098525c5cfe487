"""A realistic club night on the organiser's phone at 390x844, in English and in German.

Twenty-four players of the roster check in (four ticked on the screen), three sittings of six tables
are drawn on the screen, one table of every sitting enters its rounds on an anonymous phone that
opened the table's link (its own browser), the other tables through the save service; the organiser
ends a table by hand and closes each sitting. The planned three sittings played, no fourth is
offered, and the final standings on the screen are the ones ``scoring.club`` computes from the seats
drawn and the points typed, worked out here on their own.
"""

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from companion.clubs import services
from companion.clubs.models import Sitting
from scoring import club as rules
from tests.browser.fixtures import log_in, phone_page
from tests.factories import PlayerFactory, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Hanna", "Ivo", "Jana", "Kurt", "Lea",
    "Marc", "Nina", "Otto", "Pia", "Reto", "Sina", "Tim", "Ursi", "Vreni", "Walti", "Xaver", "Yvonne",
]  # fmt: skip
TICKED = ["Anna", "Beat", "Cla", "Dora"]  # checked in on the screen; the others by the service
OPTIONS = {"rounds": 2}
LIVE_MS = 12_000  # the organiser's screen follows its stream (or asks again every 10 s)


@dataclass(frozen=True)
class Words:
    locale: str
    check_in: str
    present: str
    draw: str
    sitting: str
    table: str
    link_toggle: str
    link: str
    table_bar: str
    save: str
    end_table: str
    close: str
    closed: str
    standings: str
    plan_done: str


ENGLISH = Words(
    locale="en-US",
    check_in="Check in",
    present="24 players present",
    draw="Draw sitting {n}",
    sitting="Sitting {n}",
    table="Table {n}",
    link_toggle="Table link and QR code",
    link="Link of table {n}",
    table_bar="Table {n} · sitting {s}",
    save="Save round",
    end_table="End table",
    close="Close sitting {n}",
    closed="closed",
    standings="Club standings",
    plan_done="All 3 planned sittings are played: the standings are final.",
)
GERMAN = Words(
    locale="de-CH",
    check_in="Einchecken",
    present="24 Spieler anwesend",
    draw="Durchgang {n} auslosen",
    sitting="Durchgang {n}",
    table="Tisch {n}",
    link_toggle="Tisch-Link und QR-Code",
    link="Link von Tisch {n}",
    table_bar="Tisch {n} · Durchgang {s}",
    save="Runde speichern",
    end_table="Tisch beenden",
    close="Durchgang {n} abschliessen",
    closed="abgeschlossen",
    standings="Rangliste des Clubabends",
    plan_done="Alle 3 geplanten Durchgänge sind gespielt: Die Rangliste ist definitiv.",
)


def points(sitting: int, table: int, seat: int, number: int) -> int:
    """What a table writes down: varied, with a tie now and then (places 1, 1, 3, 4)."""
    return [10, 20, 20, 5][(seat + sitting + table) % 4] + 7 * ((seat * number + table) % 3)


def places(totals: dict[str, int]) -> dict[str, int]:
    """Free scoring: the highest total first; equal totals share the better place."""
    return {name: 1 + sum(other > total for other in totals.values()) for name, total in totals.items()}


@pytest.fixture(params=[ENGLISH, GERMAN], ids=["english", "german"])
def words(request):
    return request.param


@pytest.fixture
def organiser(browser, live_server, owner, words):
    from tests.factories import PASSWORD

    for page in phone_page(browser, live_server, words.locale):
        if words is ENGLISH:
            log_in(page, owner)
        else:
            page.goto("/login/")
            page.get_by_label("Benutzername").fill(owner.username)
            page.get_by_label("Passwort").fill(PASSWORD)
            page.get_by_role("button", name="Anmelden").click()
            page.wait_for_url("**/")
        yield page


def table_card(page, words, number):
    link = page.get_by_role("link", name=words.table.format(n=number), exact=True)
    return page.get_by_role("listitem").filter(has=link)


def play_at_the_table_phone(browser, live_server, organiser, words, sitting, match, rounds):
    """A phone without an account opens table 1's link and types ``rounds`` rounds; returns the totals."""
    card = table_card(organiser, words, 1)
    card.get_by_text(words.link_toggle).click()
    link = card.get_by_role("textbox", name=words.link.format(n=1)).input_value()
    seated = [seat.player.name for seat in match.seats.order_by("position")]
    totals = dict.fromkeys(seated, 0)
    for phone in phone_page(browser, live_server, words.locale):
        phone.goto(link)
        expect(phone.get_by_role("link", name=words.table_bar.format(n=1, s=sitting))).to_be_visible()
        for number in range(1, rounds + 1):
            for seat, name in enumerate(seated):
                value = points(sitting, 1, seat, number)
                totals[name] += value
                phone.get_by_role("textbox", name=name, exact=True).fill(str(value))
            with phone.expect_response(lambda r: r.url.endswith("/rounds/") and r.request.method == "POST"):
                phone.get_by_role("button", name=words.save).click()
        assert match.rounds.count() == rounds
    return totals


def play_by_service(match, sitting, number_of_table):
    seated = [seat.player.name for seat in match.seats.order_by("position")]
    totals = dict.fromkeys(seated, 0)
    for number in range(1, OPTIONS["rounds"] + 1):
        entry = {name: points(sitting, number_of_table, seat, number) for seat, name in enumerate(seated)}
        for name, value in entry.items():
            totals[name] += value
        enter_round(match, {"points": entry})
    return totals


def test_a_club_night_of_24_players_and_three_sittings_ends_in_the_standings_the_rules_compute(
    browser, live_server, organiser, night, owner, words
):
    roster = {name: PlayerFactory(owner=owner, name=name) for name in NAMES}
    club = services.create_club(night, game="counter", options=OPTIONS, table_size=4, planned_sittings=3)
    services.check_in(club, players=[roster[name].pk for name in NAMES if name not in TICKED], user=owner)

    organiser.goto(f"/nights/{night.pk}/club/")
    check_in = organiser.get_by_role("region", name=words.check_in)
    for name in TICKED:
        check_in.get_by_text(name, exact=True).click()
        expect(check_in.get_by_role("checkbox", name=name)).to_be_checked()
    check_in.get_by_role("button", name=words.check_in).click()
    expect(organiser.get_by_role("heading", name=words.present)).to_be_visible()

    drawn = []
    for sitting in (1, 2, 3):
        organiser.get_by_role("button", name=words.draw.format(n=sitting)).click()
        expect(organiser.get_by_role("heading", name=words.sitting.format(n=sitting))).to_be_visible()
        tables = list(Sitting.objects.get(club=club, number=sitting).tables.order_by("number"))
        assert len(tables) == 6
        # Sitting 2: table 1 types one round and the organiser ends it by hand; else every round.
        by_hand = sitting == 2
        totals = {
            1: play_at_the_table_phone(
                browser, live_server, organiser, words, sitting, tables[0].match, 1 if by_hand else 2
            )
        }
        for table in tables[1:]:
            totals[table.number] = play_by_service(table.match, sitting, table.number)
        if by_hand:
            organiser.once("dialog", lambda dialog: dialog.accept())
            table_card(organiser, words, 1).get_by_role("button", name=words.end_table).click()
        # The five tables played by the service above change the matches from the test's own thread,
        # not through the server (whose live announcements test_club_night_browser.py checks): the
        # organiser looks at the screen again, as after a glance at the tables.
        organiser.reload()
        close = organiser.get_by_role("button", name=words.close.format(n=sitting))
        expect(close).to_be_visible(timeout=LIVE_MS)
        close.click()
        expect(organiser.get_by_role("heading", name=words.sitting.format(n=sitting))).to_contain_text(
            words.closed
        )
        drawn.append(
            rules.Sitting(
                number=sitting,
                tables=tuple(
                    rules.Table(
                        table.number,
                        tuple(seat.player.name for seat in table.match.seats.order_by("position")),
                        rules.outcome(
                            "counter", club.options, totals[table.number], places(totals[table.number]), True
                        ),
                    )
                    for table in tables
                ),
            )
        )

    expect(organiser.get_by_text(words.plan_done)).to_be_visible()
    expect(organiser.get_by_role("button", name=words.draw.format(n=4))).to_have_count(0)
    expected = rules.standings(
        rules.Club(
            game="counter", table_size=4, options=club.options, entrants=tuple(NAMES), sittings=tuple(drawn)
        )
    )
    board = organiser.get_by_role("table", name=words.standings)
    expect(board).to_be_visible()
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(24)
    shown = [
        [cell.strip() for cell in row]
        for row in rows.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    ]
    assert shown == [
        [f"{line.place}.", line.player, str(line.table_points), str(line.result), str(line.wins), "3"]
        for line in expected
    ]
    assert sum(line.table_points for line in expected) == 0
    assert organiser.viewport_size == {"width": 390, "height": 844}
