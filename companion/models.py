"""Game nights, players, matches and rounds.

Rounds are the only scoring facts stored: each holds the outcome the table
entered, in the round shape of the match file (docs/match-format.md). Standings
are computed by the engines in ``scoring/``; what is kept here for speed
(each seat's total and win, a match's end) is derived and rebuilt from the
rounds by ``companion.standings`` in the same transaction as every change.

Query shapes live here as QuerySet methods (``GameNight.objects.visible_to(user)``,
``Match.objects.with_standings()``), so a page that needs "a match with
everything to fold it" asks for that instead of writing the prefetches out.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.lib import tokens


def game_choices() -> list[tuple[str, str]]:
    """The games the web knows (``companion.games.registry``): a new game needs no migration."""
    from companion.games import registry  # when asked: loading the models does not load every game's web code

    return registry.choices()


class PlayerQuerySet(models.QuerySet):
    def regulars_first(self) -> PlayerQuerySet:
        """The players who sat at the most matches first, then those who played most recently,
        then the others by name: the table's regulars are the names a host looks for."""
        return self.annotate(
            seats_taken=models.Count("seats"), last_played=models.Max("seats__match__started_at")
        ).order_by("-seats_taken", models.F("last_played").desc(nulls_last=True), Lower("name"))


class GameNightQuerySet(models.QuerySet):
    def visible_to(self, user) -> GameNightQuerySet:
        """Nights the user owns or is a member of (an EXISTS, so no duplicate rows).

        Who may see what is decided in ``companion.access``; this is the query it uses.
        """
        membership = Membership.objects.filter(night=models.OuterRef("pk"), user=user)
        return self.filter(models.Q(owner=user) | models.Exists(membership))

    def owned_by(self, user) -> GameNightQuerySet:
        return self.filter(owner=user)

    def with_results(self) -> GameNightQuerySet:
        """Nights with their matches in playing order, seats and players: two more queries, however many."""
        return self.prefetch_related(
            models.Prefetch("matches", queryset=Match.objects.in_playing_order().with_seats())
        )


def new_version() -> str:
    """A match's version: a fresh random token at every change (see ``Match.version``)."""
    return secrets.token_hex(6)


def _seats_in_order() -> models.Prefetch:
    return models.Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))


def _rounds_in_order() -> models.Prefetch:
    return models.Prefetch("rounds", queryset=Round.objects.order_by("number"))


class MatchQuerySet(models.QuerySet):
    def in_playing_order(self) -> MatchQuerySet:
        return self.order_by("started_at", "pk")

    def with_seats(self) -> MatchQuerySet:
        """Seats in clockwise order with their players (one more query): the derived results."""
        return self.prefetch_related(_seats_in_order())

    def with_rounds(self) -> MatchQuerySet:
        return self.prefetch_related(_rounds_in_order())

    def running(self) -> MatchQuerySet:
        """Matches still being played: not won, not ended by hand."""
        return self.filter(finished_at__isnull=True, closed=False)

    def with_standings(self) -> MatchQuerySet:
        """Everything an engine needs to fold the match (seats, players, rounds): two more queries."""
        return self.with_seats().with_rounds()

    def of_nights_visible_to(self, user) -> MatchQuerySet:
        return self.filter(night__in=GameNight.objects.visible_to(user))


class Player(models.Model):
    """A person at the table. Players need no account and persist across nights."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=40)
    colour = models.CharField(_("colour"), max_length=7, blank=True, help_text=_("For example #d63384."))
    emoji = models.CharField(_("emoji"), max_length=8, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            # "Anna" and "anna" at one table are the same person.
            models.UniqueConstraint(Lower("name"), "owner", name="player_name_unique_per_owner"),
            models.CheckConstraint(condition=~models.Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.emoji} {self.name}".strip()


class GameNight(models.Model):
    """An evening of play. Its owner and members may enter and change scores."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="owned_nights",
        verbose_name=_("owner"),
    )
    # Members join by accepting an invite (companion.invites); each Membership says when and how.
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        blank=True,
        related_name="member_nights",
        verbose_name=_("members"),
    )
    title = models.CharField(_("title"), max_length=100)
    date = models.DateField(_("date"), default=timezone.localdate)
    place = models.CharField(pgettext_lazy("location", "place"), max_length=100, blank=True)
    # A few paragraphs; a night's pages and files carry it whole (a 2.4 MB note was accepted).
    notes = models.TextField(_("notes"), max_length=2000, blank=True)
    # What the night plays for (scoring.md §6): an ISO 4217 code, and per game key the price of
    # one unit of its result in hundredths of the currency. No price: the game settles nothing.
    currency = models.CharField(_("currency"), max_length=3, default="CHF")
    prices = models.JSONField(_("prices"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = GameNightQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-created_at"]
        verbose_name = _("game night")
        verbose_name_plural = _("game nights")
        indexes = [
            models.Index(fields=["owner", "-date"], name="night_owner_date"),
            # The review list and the leaderboards' periods filter by date alone (members' nights).
            models.Index(fields=["-date", "-created_at"], name="night_date"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("night_detail", args=[self.pk])


class Match(models.Model):
    """One game of one kind inside a night, with its seats and house rules."""

    night = models.ForeignKey(
        GameNight, on_delete=models.CASCADE, related_name="matches", verbose_name=_("night")
    )
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    players = models.ManyToManyField(
        Player, through="Seat", related_name="matches", verbose_name=_("players")
    )
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"), default=0)
    options = models.JSONField(
        _("house rules"), default=dict, blank=True, help_text=_("Checked by the game's scoring engine.")
    )
    closed = models.BooleanField(
        _("ended by the table"), default=False, help_text=_("An open-ended match the table has ended.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    started_at = models.DateTimeField(_("started"), default=timezone.now)
    # Derived from the rounds (companion.standings): when the engine said the match is over.
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    round_count = models.PositiveIntegerField(_("rounds"), default=0)
    # The match clock (companion.play.clock): breaks taken so far, and since when the match is
    # on a break (null while it is played). Paused time does not count towards its duration.
    paused_seconds = models.PositiveIntegerField(_("paused (seconds)"), default=0)
    paused_at = models.DateTimeField(_("on a break since"), null=True, blank=True)
    notes = models.TextField(_("notes"), max_length=1000, blank=True)
    # What the game keeps between its rounds, as its own JSON (Elfer raus!: the bonus board of the
    # game in play); only the game's code reads or writes it (Game.entry_kwargs, Game.round_added).
    game_state = models.JSONField(_("state of the game in play"), null=True, blank=True)
    # A new random token at every change a scoreboard shows, set where the change is made and
    # written in the same transaction: every round added, edited or undone (companion.play.rounds),
    # the end and its undoing, the bonus board, a change in the admin, and a seated player's new
    # name (nights.roster). Rendered scoreboards and standings are cached under it
    # (companion.play.scoreboard_cache, companion.standings.current), so a cache can never
    # serve a scoreboard older than the database, whichever server instance asks.
    version = models.CharField(_("version"), max_length=16, default=new_version, editable=False)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["started_at", "pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        # No database check on ``game``: the list of games is the registry's (see save()), so a new game needs
        # no migration. Every match is made through a service that asks the engine registry first.
        indexes = [
            # Leaderboards and statistics: the finished matches of one game.
            models.Index(fields=["game", "finished_at"], name="match_game_finished"),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} · {self.night}"

    def save(self, *args, **kwargs):
        # The list of games is the registry's (no database check, so a new game needs no
        # migration); a match of no known game is refused here as the database would.
        if self.game not in dict(game_choices()):
            raise IntegrityError(f"unknown game {self.game!r}")
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("match_detail", args=[self.pk])

    def load_standings(self) -> None:
        """Load what ``Match.objects.with_standings()`` would have (seats with players, rounds)."""
        models.prefetch_related_objects([self], _seats_in_order(), _rounds_in_order())

    def reload_rounds(self) -> None:
        """Read the rounds again after a change wrote them (one query); the seats stay as loaded."""
        self.refresh_from_db(fields=["rounds"])
        models.prefetch_related_objects([self], _rounds_in_order())

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class Seat(models.Model):
    """A player's place at a match, clockwise from seat 0, with the derived result."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats", verbose_name=_("match"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    # Derived from the rounds (companion.standings).
    total = models.IntegerField(_("total"), default=0)
    won = models.BooleanField(_("won"), default=False)
    # Also derived, so the review pages aggregate in the database without folding rounds:
    # ``place`` is the engine's (``Standings.places``): 1 for the best total, the lowest where
    # the house rules say the lowest wins (equal totals share the better place);
    # ``score`` is the game's own figure for this player in this match (Molotow net
    # sticks, Anrufen tokens won or lost against the starting chips, Elfer and Murlan points).
    place = models.PositiveSmallIntegerField(pgettext_lazy("rank", "place"), default=1)
    score = models.IntegerField(_("score"), default=0)

    class Meta:
        ordering = ["match", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["match", "player"], name="seat_player_unique"),
        ]
        indexes = [
            models.Index(fields=["player", "won"], name="seat_player_won"),
            # Statistics start from a player's seats and read the result without the table.
            models.Index(fields=["player", "match", "place", "score"], name="seat_player_result"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.position}"


class Round(models.Model):
    """One entered outcome, as a round object of the match file."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("match"))
    number = models.PositiveIntegerField(_("number"))
    entry = models.JSONField(_("entry"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    # Made by the page that entered the round (a UUID in the form): a retry of the same save
    # (its answer was lost, or it waited in the phone's offline outbox) finds this round
    # instead of storing a second one. Rounds from imports, the CLI and the demo have none.
    key = models.UUIDField(_("entry key"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            # The final guard when two phones save the same round at once.
            models.UniqueConstraint(fields=["match", "number"], name="round_number_unique_per_match"),
            models.UniqueConstraint(fields=["match", "key"], name="round_key_unique_per_match"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.number}"


class Change(models.Model):
    """Who changed something and when: what a match's and a night's history have in common."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]


class RoundChange(Change):
    """The small history of a match: who added, changed or removed which round, from what to what."""

    class Action(models.TextChoices):
        ADDED = "added", _("added")
        EDITED = "edited", _("edited")
        UNDONE = "undone", _("undone")
        # The table ended the match by hand after round ``number``, or took that back.
        ENDED = "ended", _("ended by the table")
        RESUMED = "resumed", _("resumed")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="changes", verbose_name=_("match")
    )
    number = models.PositiveIntegerField(_("round"))
    action = models.CharField(_("action"), max_length=8, choices=Action.choices)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta(Change.Meta):
        verbose_name = _("round change")
        verbose_name_plural = _("round changes")

    def __str__(self) -> str:
        return f"{self.match} #{self.number} {self.action}"


class ShareLink(models.Model):
    """A read-only link to a match's or a night's live scoreboard, for people without an account.

    The token is the only key: whoever has the URL may watch. Revoking keeps the row
    (``revoked_at``) so the admin shows who shared what and when; a re-created link is a new
    row with a new token. At most one link per match or night is active at a time. The row
    holds the token's hash, never the token (``companion.lib.tokens``).
    """

    PURPOSE = "share"

    token_hash = models.CharField(_("token hash"), max_length=64, unique=True, editable=False)
    token_seed = models.CharField(_("token seed"), max_length=64, blank=True, default="", editable=False)
    night = models.ForeignKey(
        GameNight,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="share_links",
        verbose_name=_("night"),
    )
    match = models.ForeignKey(
        Match,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="share_links",
        verbose_name=_("match"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("share link")
        verbose_name_plural = _("share links")
        constraints = [
            # A link shows either one match or one night, never both or neither.
            models.CheckConstraint(
                condition=models.Q(night__isnull=False, match__isnull=True)
                | models.Q(night__isnull=True, match__isnull=False),
                name="share_link_night_xor_match",
            ),
            models.UniqueConstraint(
                fields=["night"], condition=models.Q(revoked_at__isnull=True), name="share_link_one_per_night"
            ),
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(revoked_at__isnull=True), name="share_link_one_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match or self.night} ({_('revoked') if self.revoked_at else _('active')})"

    @property
    def token(self) -> str:
        """The token the link carries; "" for a link Companion cannot show (``companion.lib.tokens``)."""
        return tokens.recover(self.token_seed, self.token_hash, self.PURPOSE)


class Invite(models.Model):
    """A link (and its QR code) that lets whoever opens it ask to join a night as a member.

    Like a share link, the token is the only key; unlike one, opening it changes nothing:
    the person signs up or logs in, sees the night and its owner, and accepts
    (``companion.invites.services.accept``). An invite stops working when revoked, past
    ``expires_at``, or, if ``single_use``, once somebody accepted it. The row is kept so the
    members page can say which invite brought whom. The row holds the token's hash, never
    the token (``companion.lib.tokens``).
    """

    PURPOSE = "invite"

    token_hash = models.CharField(_("token hash"), max_length=64, unique=True, editable=False)
    token_seed = models.CharField(_("token seed"), max_length=64, blank=True, default="", editable=False)
    night = models.ForeignKey(
        GameNight, on_delete=models.CASCADE, related_name="invites", verbose_name=_("night")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))
    single_use = models.BooleanField(_("single use"), default=False)
    uses = models.PositiveIntegerField(_("accepted"), default=0)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invite")
        verbose_name_plural = _("invites")

    def __str__(self) -> str:
        return f"{self.night} ({self.get_state_display()})"

    @property
    def token(self) -> str:
        """The token the link carries; "" for a link Companion cannot show (``companion.lib.tokens``)."""
        return tokens.recover(self.token_seed, self.token_hash, self.PURPOSE)

    class State(models.TextChoices):
        ACTIVE = "active", _("active")
        REVOKED = "revoked", _("revoked")
        EXPIRED = "expired", _("expired")
        USED = "used", _("used up")

    @property
    def state(self) -> str:
        if self.revoked_at is not None:
            return self.State.REVOKED
        if self.single_use and self.uses >= 1:
            return self.State.USED
        if self.expires_at <= timezone.now():
            return self.State.EXPIRED
        return self.State.ACTIVE

    def get_state_display(self) -> str:
        return self.State(self.state).label


class Membership(models.Model):
    """An account that may enter scores in a night: when it joined, and how."""

    class Via(models.TextChoices):
        INVITE = "invite", _("accepted an invite")
        # Members from before invites existed (the owner typed their username).
        ADDED = "added", _("added by the owner")

    night = models.ForeignKey(
        GameNight, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("night")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("user")
    )
    joined_at = models.DateTimeField(_("joined"), default=timezone.now)
    via = models.CharField(_("how"), max_length=8, choices=Via.choices, default=Via.ADDED)
    invite = models.ForeignKey(
        Invite, null=True, blank=True, on_delete=models.SET_NULL, related_name="memberships"
    )

    class Meta:
        ordering = ["joined_at", "pk"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["night", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.night}"


class InviteUse(models.Model):
    """Who accepted which invite: an invite admits each account once.

    Kept when the membership ends, so a member who was removed, or left, cannot come
    back through the same link (the pages say "you will need a new invite").
    """

    invite = models.ForeignKey(
        Invite, on_delete=models.CASCADE, related_name="acceptances", verbose_name=_("invite")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    accepted_at = models.DateTimeField(_("accepted"), default=timezone.now)

    class Meta:
        verbose_name = _("invite use")
        verbose_name_plural = _("invite uses")
        constraints = [models.UniqueConstraint(fields=["invite", "user"], name="invite_use_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user} ← {self.invite}"


class MembershipEnd(models.Model):
    """When an account last stopped being a member of a night (removed by the owner, or left).

    An invite made before then does not admit it again: the owner who removed somebody
    meant every invite they had handed out so far, not only the one that person used.
    """

    night = models.ForeignKey(GameNight, on_delete=models.CASCADE, related_name="+", verbose_name=_("night"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    ended_at = models.DateTimeField(_("ended"), default=timezone.now)

    class Meta:
        verbose_name = _("ended membership")
        verbose_name_plural = _("ended memberships")
        constraints = [models.UniqueConstraint(fields=["night", "user"], name="membership_end_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user} ✕ {self.night_id}"


class SpentToken(models.Model):
    """A one-time token that was used, by its hash: a second use finds it here and is refused.

    The "keep both" choice of an import that found the same night already there is
    one such token: ten posts of it at once import the night once.
    """

    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    spent_at = models.DateTimeField(_("spent"), default=timezone.now)

    class Meta:
        verbose_name = _("spent token")
        verbose_name_plural = _("spent tokens")

    def __str__(self) -> str:
        return self.token_hash[:12]

    @classmethod
    def spend(cls, token: str) -> bool:
        """Use up a one-time token: True the first time, False ever after, also for posts at the same moment.

        Its hash goes into the unique column: of concurrent posts, one row is stored and every
        other one is refused by the database.
        """
        try:
            with transaction.atomic():
                cls.objects.create(token_hash=tokens.token_hash(token))
        except IntegrityError:
            return False
        return True


class PlayerLink(models.Model):
    """ "This is me": an account says which player of an owner's roster it is; the owner confirms.

    A confirmed link lets the account see that player's statistics and shows the player
    as "Me" on leaderboards. One account per player; an account has at most one player per
    roster (``companion.me.services`` checks that, as it spans the player's owner).
    """

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="link", verbose_name=_("player")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_links",
        verbose_name=_("account"),
    )
    requested_at = models.DateTimeField(_("asked"), default=timezone.now)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "pk"]
        verbose_name = _("player link")
        verbose_name_plural = _("player links")

    def __str__(self) -> str:
        return f"{self.user} = {self.player}"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


class NightChange(Change):
    """A night's own history: who changed its title, date, place or notes, or added a player."""

    class Action(models.TextChoices):
        EDITED = "edited", _("edited the night")
        PLAYER_ADDED = "player", _("added a player")
        # What the night plays for: a member proposes, the owner accepts or declines (issue 36).
        PROPOSED = "proposed", _("proposed a change of what the night plays for")
        ACCEPTED = "accepted", _("accepted a proposal for what the night plays for")
        DECLINED = "declined", _("declined a proposal for what the night plays for")

    night = models.ForeignKey(
        GameNight, on_delete=models.CASCADE, related_name="changes", verbose_name=_("night")
    )
    action = models.CharField(_("action"), max_length=8, choices=Action.choices)
    # EDITED: {"field": [before, after], ...} (dates as ISO text); PLAYER_ADDED: {"name": ...};
    # PROPOSED, ACCEPTED, DECLINED: {"currency"/"prices": [before, after], "by": proposer's name}.
    detail = models.JSONField(_("detail"), default=dict, blank=True)

    class Meta(Change.Meta):
        verbose_name = _("night change")
        verbose_name_plural = _("night changes")

    def __str__(self) -> str:
        return f"{self.night} {self.action}"


# Models that live in a feature's folder, imported here so Django registers them with the app.
from companion.i18n.models import Profile  # noqa: E402, F401


class LiveEvent(models.Model):
    """A change announced to the open pages of the other processes, on SQLite (``companion.live.relay``).

    Written in the transaction of the change, so it exists only if the change does; each
    process with open pages reads the rows newer than the last it read. Kept a minute.
    PostgreSQL has ``NOTIFY`` for this and never writes here.
    """

    sender = models.CharField(max_length=32)
    topics = models.TextField()
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        verbose_name = "live event"
        verbose_name_plural = "live events"

    def __str__(self) -> str:
        return f"{self.topics} ({self.sender})"


from companion.clubs.models import ClubNight, ClubTable, Entrant, ReplacedTableLink, Sitting  # noqa: E402, F401
from companion.nights.models import MoneyProposal  # noqa: E402, F401
from companion.review.models import Feat, Partnership, Rating  # noqa: E402, F401
