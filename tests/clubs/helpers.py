"""A club night of Free scoring (one round ends a table's match) for the club tests."""

from django.urls import reverse

from companion.clubs import services
from companion.clubs.models import Sitting

NAMES = ["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Hanna"]


def club_night(night, names=NAMES, *, table_size=4, smaller_tables=True, rounds=1):
    club = services.create_club(
        night,
        game="counter",
        options={"rounds": rounds},
        table_size=table_size,
        smaller_tables=smaller_tables,
    )
    if names:
        services.check_in(club, names=names, user=night.owner)
    return club


def draw(club, number=1, mode=Sitting.Mode.BALANCED, seed=None):
    return services.draw_sitting(club, number=number, mode=mode, user=club.night.owner, seed=seed)


def round_post(match, number=1):
    seats = match.seats.count()
    return {"number": number, **{f"points_{seat}": 10 * (seat + 1) for seat in range(seats)}}


def enter_round(client, match, number=1):
    return client.post(reverse("round_add", args=[match.pk]), round_post(match, number))


def play_round(match, number=1):
    """Round ``number`` of a table's match saved as its owner's phone would (the save service)."""
    from companion.access import Viewer
    from companion.play import rounds

    match.refresh_from_db()
    saved = rounds.save_entry(Viewer(match.night.owner), match.pk, round_post(match, number))
    assert saved.outcome == "saved", saved
    return saved
