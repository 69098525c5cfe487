"""What the review pages keep beside the derived seat columns: ratings, records and partnerships.

All three are derived from finished matches (places from ``Seat.place``, the rest
from the engine's standings) and rewritten whenever a finished match changes
(``companion.review.ratings``); ``manage.py rebuild_ratings`` writes them all anew.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

OVERALL = ""  # the game key of a rating over all games


class Rating(models.Model):
    """A player's rating after one finished match: in the match's game, and over all games (``game=""``).

    ``mu`` and ``sigma`` are openskill's Plackett-Luce estimate and its uncertainty;
    ``value`` the conservative figure the pages show (``companion.review.ratings.shown``);
    ``place`` is the seat's place it was rated from; ``number`` counts the player's rated matches in this game so far (1 for the first);
    ``streak`` the matches won in a row in this game up to this one (0 when this one was lost).
    """

    player = models.ForeignKey(
        "companion.Player", on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    match = models.ForeignKey(
        "companion.Match", on_delete=models.CASCADE, related_name="ratings", verbose_name=_("match")
    )
    game = models.CharField(_("game"), max_length=16, blank=True)
    number = models.PositiveIntegerField(_("matches rated"))
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.IntegerField(_("rating"))
    place = models.PositiveSmallIntegerField(pgettext_lazy("rank", "place"))
    streak = models.PositiveIntegerField(_("winning streak"), default=0)

    class Meta:
        ordering = ["player", "game", "number"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "number"], name="rating_number_unique"),
            models.UniqueConstraint(fields=["player", "game", "match"], name="rating_match_unique"),
        ]
        indexes = [models.Index(fields=["game", "-streak"], name="rating_game_streak")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game or '*'} #{self.number}: {self.value}"


class Feat(models.Model):
    """One number a seat reached in a finished match, for the records of its game.

    ``kind`` is ``total`` (the match's result), ``round`` (the best single round) or one of
    the game's own records (``Game.records``). ``rank`` is ``value``, negated where the
    lower number is the better one, so the best feat of a kind is always the highest rank.
    """

    seat = models.ForeignKey(
        "companion.Seat", on_delete=models.CASCADE, related_name="feats", verbose_name=_("seat")
    )
    kind = models.CharField(_("kind"), max_length=24)
    value = models.IntegerField(_("value"))
    rank = models.IntegerField(_("rank"))

    class Meta:
        ordering = ["kind", "-rank"]
        verbose_name = _("feat")
        verbose_name_plural = _("feats")
        constraints = [models.UniqueConstraint(fields=["seat", "kind"], name="feat_unique_per_seat")]
        indexes = [models.Index(fields=["kind", "-rank"], name="feat_kind_rank")]

    def __str__(self) -> str:
        return f"{self.seat_id} {self.kind}: {self.value}"


class Partnership(models.Model):
    """Two players on the same side of a bid in a finished match: how often, and how often it was made."""

    match = models.ForeignKey(
        "companion.Match", on_delete=models.CASCADE, related_name="partnerships", verbose_name=_("match")
    )
    player = models.ForeignKey(
        "companion.Player", on_delete=models.CASCADE, related_name="partnerships", verbose_name=_("player")
    )
    partner = models.ForeignKey(
        "companion.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("partner")
    )
    bids = models.PositiveIntegerField(_("bids"))
    made = models.PositiveIntegerField(_("made"))

    class Meta:
        ordering = ["match", "player", "partner"]
        verbose_name = _("partnership")
        verbose_name_plural = _("partnerships")
        constraints = [
            models.UniqueConstraint(fields=["match", "player", "partner"], name="partnership_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} + {self.partner_id}: {self.made}/{self.bids}"
