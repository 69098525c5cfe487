"""The admin: nights, players and share links can be looked after here; stored results cannot be changed.

A round is only ever written by ``companion.play.rounds`` (the engine checks it,
a ``RoundChange`` records it, the standings are refreshed in the same
transaction). The admin would bypass all three, so rounds, the history and
everything derived from them (seat totals, places, scores, wins; a match's end
and round count) are read-only here, and so is what the rounds are folded with
(the game, seats, dealer and house rules). ``manage.py rebuild_standings --check``
finds any difference that got in anyway.
"""

from django.contrib import admin

from companion import live
from companion.models import (
    GameNight,
    Invite,
    Match,
    Membership,
    MoneyProposal,
    NightChange,
    Player,
    PlayerLink,
    Profile,
    Round,
    RoundChange,
    Seat,
    ShareLink,
    new_version,
)

MATCH_RESULTS = ("game", "first_dealer", "options", "closed", "finished_at", "round_count", "game_state")


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "emoji", "owner", "created_at")
    list_filter = ("owner",)
    search_fields = ("name",)
    # A new name must reach the rounds that name the player: rename on the roster page.
    readonly_fields = ("name",)


class MatchInline(ReadOnlyInline):
    model = Match
    fields = ("game", "started_at", "finished_at", "round_count")
    show_change_link = True


class MembershipInline(admin.TabularInline):
    # Members join by accepting an invite; the admin may remove one, not add one without consent.
    model = Membership
    fields = ("user", "joined_at", "via", "invite")
    readonly_fields = fields
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False


class InviteInline(ReadOnlyInline):
    model = Invite
    fields = ("created_at", "expires_at", "single_use", "uses", "revoked_at", "created_by")


@admin.register(GameNight)
class GameNightAdmin(admin.ModelAdmin):
    list_display = ("title", "date", "place", "owner")
    list_filter = ("date",)
    search_fields = ("title", "place", "notes")
    date_hierarchy = "date"
    inlines = [MembershipInline, InviteInline, MatchInline]


@admin.register(PlayerLink)
class PlayerLinkAdmin(admin.ModelAdmin):
    list_display = ("player", "user", "requested_at", "confirmed_at")
    raw_id_fields = ("player", "user")


@admin.register(NightChange)
class NightChangeAdmin(admin.ModelAdmin):
    list_display = ("night", "action", "user", "at")
    readonly_fields = ("night", "action", "detail", "user", "at")

    def has_add_permission(self, request):
        return False


@admin.register(MoneyProposal)
class MoneyProposalAdmin(admin.ModelAdmin):
    """Seen here; answered by the night's owner on the night page (it records the answer)."""

    list_display = ("night", "proposed_by", "currency", "proposed_at")
    readonly_fields = ("night", "proposed_by", "currency", "prices", "proposed_at")

    def has_add_permission(self, request):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "player", "total", "place", "score", "won")


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ("number", "entry", "entered_by", "entered_at")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "started_at", "finished_at", "round_count")
    list_filter = ("game",)
    raw_id_fields = ("night", "created_by")
    # The clock's breaks are kept by Pause and Resume on the match page (companion.play.clock).
    readonly_fields = (*MATCH_RESULTS, "paused_seconds", "paused_at")
    inlines = [SeatInline, RoundInline]

    def has_add_permission(self, request):
        return False  # matches are started on a night's page, with checked seats and house rules

    def save_model(self, request, obj, form, change):
        obj.version = new_version()  # a changed match is a change its scoreboard shows
        super().save_model(request, obj, form, change)
        live.changed(obj)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "number", "entered_by", "entered_at")
    raw_id_fields = ("match", "entered_by")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RoundChange)
class RoundChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "action", "user", "at")
    list_filter = ("action",)
    raw_id_fields = ("match", "user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ShareLink)
class ShareLinkAdmin(admin.ModelAdmin):
    list_display = ("__str__", "created_by", "created_at", "revoked_at")
    list_filter = ("revoked_at",)
    raw_id_fields = ("night", "match", "created_by")
    readonly_fields = ("created_at",)
    exclude = ("token_hash", "token_seed")

    def has_add_permission(self, request):
        return False  # links are made on the share pages, each with a fresh token


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "language")
    list_filter = ("language",)
    raw_id_fields = ("user",)
