from django.contrib import admin

from companion.models import GameNight, Match, Player, Round, RoundChange, Seat, ShareLink


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "emoji", "owner", "created_at")
    list_filter = ("owner",)
    search_fields = ("name",)


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ("game", "started_at", "finished_at", "round_count")
    readonly_fields = ("finished_at", "round_count")
    show_change_link = True


@admin.register(GameNight)
class GameNightAdmin(admin.ModelAdmin):
    list_display = ("title", "date", "place", "owner")
    list_filter = ("date",)
    search_fields = ("title", "place", "notes")
    filter_horizontal = ("members",)
    date_hierarchy = "date"
    inlines = [MatchInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ("total", "won")
    raw_id_fields = ("player",)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "entry", "entered_by", "entered_at")
    raw_id_fields = ("entered_by",)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "started_at", "finished_at", "round_count")
    list_filter = ("game",)
    raw_id_fields = ("night", "created_by")
    readonly_fields = ("finished_at", "round_count")
    inlines = [SeatInline, RoundInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "number", "entered_by", "entered_at")
    raw_id_fields = ("match", "entered_by")


@admin.register(RoundChange)
class RoundChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "action", "user", "at")
    list_filter = ("action",)
    raw_id_fields = ("match", "user")


@admin.register(ShareLink)
class ShareLinkAdmin(admin.ModelAdmin):
    list_display = ("__str__", "created_by", "created_at", "revoked_at")
    list_filter = ("revoked_at",)
    raw_id_fields = ("night", "match", "created_by")
    readonly_fields = ("token", "created_at")

    def has_add_permission(self, request):
        return False  # links are made on the share pages, each with a fresh token
