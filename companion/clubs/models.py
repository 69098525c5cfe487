"""Club nights (../shared/spec/club-night.md): several tables, a fresh seat draw every sitting, one standings.

A club night is a :class:`~companion.models.GameNight` with a :class:`ClubNight` beside it: the game and
house rules every table plays, the table size, the ranking and drop worst. Its entrants check in and out;
each :class:`Sitting` seats the present ones at numbered :class:`ClubTable` rows, each with its own
:class:`~companion.models.Match` of the night (seated in the table's order, the first seat deals). The
rules (table sizes, byes, the draws, table points, standings) are pure Python in ``scoring/club.py``;
these rows only keep what was decided.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from companion.lib import tokens


class ClubNight(models.Model):
    """What every table of a club night plays, and how the tables are ranked together."""

    class Ranking(models.TextChoices):
        TABLE_POINTS = "table_points", _("table points")
        RESULTS = "results", _("results")

    night = models.OneToOneField(
        "companion.GameNight", on_delete=models.CASCADE, related_name="club", verbose_name=_("night")
    )
    game = models.CharField(_("game"), max_length=16)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("table size"))
    smaller_tables = models.BooleanField(_("smaller tables"), default=True)
    ranking = models.CharField(
        _("ranking"), max_length=16, choices=Ranking.choices, default=Ranking.TABLE_POINTS
    )
    drop_worst = models.PositiveSmallIntegerField(_("drop worst"), default=0)
    # None: open, the organiser draws as long as the night goes on.
    planned_sittings = models.PositiveSmallIntegerField(_("planned sittings"), null=True, blank=True)
    # The club night is over: no more draws, every table link stops working.
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)

    class Meta:
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self) -> str:
        return str(self.night)


class Entrant(models.Model):
    """A player of the club night; present from check-in until they leave (``left_at``), results kept."""

    club = models.ForeignKey(
        ClubNight, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("club night")
    )
    player = models.ForeignKey(
        "companion.Player", on_delete=models.PROTECT, related_name="club_entries", verbose_name=_("player")
    )
    checked_in_at = models.DateTimeField(_("checked in"), default=timezone.now)
    left_at = models.DateTimeField(_("left"), null=True, blank=True)

    class Meta:
        ordering = ["checked_in_at", "pk"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="entrant_once_per_club")]

    def __str__(self) -> str:
        return f"{self.player} · {self.club}"

    @property
    def present(self) -> bool:
        return self.left_at is None


class SittingQuerySet(models.QuerySet):
    def with_results(self) -> SittingQuerySet:
        """Byes, tables, their matches and seats (players, places, scores): four more queries in all.

        What the club standings read (``companion.clubs.standings``); the seats' derived columns,
        never the rounds.
        """
        # By name: companion.models imports this module at its end (an import here would be a cycle).
        seat = self.model._meta.apps.get_model("companion", "Seat")
        seats = models.Prefetch(
            "match__seats", queryset=seat.objects.select_related("player").order_by("position")
        )
        tables = models.Prefetch(
            "tables",
            queryset=ClubTable.objects.select_related("match").prefetch_related(seats).order_by("number"),
        )
        return self.order_by("number").prefetch_related("byes", tables)


class Sitting(models.Model):
    """One seating of every table, numbered from 1; drawn only when the sitting before it is complete."""

    class Mode(models.TextChoices):
        BALANCED = "balanced", _("balanced")
        RANKED = "ranked", _("ranked")

    club = models.ForeignKey(
        ClubNight, on_delete=models.CASCADE, related_name="sittings", verbose_name=_("club night")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    mode = models.CharField(_("draw"), max_length=8, choices=Mode.choices, default=Mode.BALANCED)
    seed = models.BigIntegerField(_("seed"))
    # The players who sit out this sitting (a bye: table points 0, result 0, counts as a sitting).
    byes = models.ManyToManyField(
        "companion.Player", blank=True, related_name="club_byes", verbose_name=_("byes")
    )
    drawn_at = models.DateTimeField(_("drawn"), default=timezone.now)
    # Set when the organiser closes the sitting (every table finished or ended): its table links stop.
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    objects = SittingQuerySet.as_manager()

    class Meta:
        ordering = ["club", "number"]
        verbose_name = _("sitting")
        verbose_name_plural = _("sittings")
        constraints = [models.UniqueConstraint(fields=["club", "number"], name="sitting_number_once")]

    def __str__(self) -> str:
        return f"{self.club} · {self.number}"


class ClubTable(models.Model):
    """A numbered table of a sitting: its match holds the players in seating order (seat 0 deals first).

    The table link lets any phone enter, undo and edit this match only, while the sitting is open and
    the link not revoked. Like share links, the row keeps the token's hash and a seed the server's key
    turns back into the token (``companion.lib.tokens``), never the token itself.
    """

    PURPOSE = "table"

    sitting = models.ForeignKey(
        Sitting, on_delete=models.CASCADE, related_name="tables", verbose_name=_("sitting")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    match = models.OneToOneField(
        "companion.Match", on_delete=models.CASCADE, related_name="club_table", verbose_name=_("match")
    )
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True, editable=False)
    token_seed = models.CharField(_("token seed"), max_length=64, blank=True, default="", editable=False)
    link_revoked_at = models.DateTimeField(_("link revoked"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["sitting", "number"]
        verbose_name = _("club table")
        verbose_name_plural = _("club tables")
        constraints = [models.UniqueConstraint(fields=["sitting", "number"], name="club_table_number_once")]

    def __str__(self) -> str:
        return f"{self.sitting} · {self.number}"

    @property
    def token(self) -> str:
        """The token the table link carries; "" when Companion cannot show it (``companion.lib.tokens``)."""
        return tokens.recover(self.token_seed, self.token_hash, self.PURPOSE)


class ReplacedTableLink(models.Model):
    """A table link the organiser replaced with a new one (``services.renew_link``).

    It admits nobody; it is kept so that a phone still holding it is told to scan the table's new
    QR code (410) instead of meeting a page that does not exist. Like the table's own link: the
    hash and the seed, never the token.
    """

    table = models.ForeignKey(
        ClubTable, on_delete=models.CASCADE, related_name="replaced_links", verbose_name=_("table")
    )
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True, editable=False)
    token_seed = models.CharField(_("token seed"), max_length=64, blank=True, default="", editable=False)
    replaced_at = models.DateTimeField(_("replaced"), default=timezone.now)

    class Meta:
        verbose_name = _("replaced table link")
        verbose_name_plural = _("replaced table links")

    def __str__(self) -> str:
        return f"{self.table} · {self.replaced_at:%H:%M}"

    @property
    def token(self) -> str:
        return tokens.recover(self.token_seed, self.token_hash, ClubTable.PURPOSE)
