"""What the page scripts say (js/net-errors.js on every page, js/outbox.js on the match page).

Translated on the server like every other sentence; the CSP allows no inline script, so
they travel as a JSON object in the page (``{% script_strings "net" %}``). The scripts fill
in %(time)s, %(count)s, %(number)s and %(reason)s.
"""

from django.utils.translation import gettext_lazy as _

STRINGS = {
    "net": {
        "saveOffline": _("Not saved — no connection. Your entry is kept; tap Save again."),
        "saveTimeout": _(
            "Not saved — the server did not answer in time. Your entry is kept; tap Save again."
        ),
        "saveServer": _("Not saved — the server had a problem."),
        "loadOffline": _("Not updated — no connection. Try again in a moment."),
        "loadServer": _("Not updated — the server had a problem."),
        "stale": _("This page was open too long — reload it and try again."),
        "refused": _("That was refused — reload the page and try again."),
        "missing": _("Not found — perhaps it was deleted meanwhile. Reload the page."),
        "needsConnection": _("This needs a connection. Try again when you are back online."),
    },
    "outbox": {
        # The banner says one of the two: since when, once the page heard from the server before.
        "offlineSince": _(
            "Offline since %(time)s — new rounds wait on this phone and are sent when the connection returns."
        ),
        "offlineNow": _("Offline — new rounds wait on this phone and are sent when the connection returns."),
        # By the standings while rounds wait: which of them the standings count, and which not yet.
        "countedOne": _("These standings include a round not yet sent."),
        "countedMany": _("These standings include %(count)s rounds not yet sent."),
        "uncountedOne": _("Round %(numbers)s is not in these standings yet: it counts once it is sent."),
        "uncountedMany": _(
            "Rounds %(numbers)s are not in these standings yet: they count once they are sent."
        ),
        # In place of the entry form when the entries waiting end the match (its number of rounds),
        # or when more wait than the page can name the next one for (play/scoreboard.heads_ahead).
        "overWaiting": _(
            "The entries waiting on this phone end the match: its result shows once they are sent."
        ),
        "sendFirst": _("Many entries wait on this phone: they are sent first when the connection returns."),
        "waiting": _("waiting to send"),
        "waitingCount": _("Rounds waiting to send: %(count)s"),
        "sending": _("Sending…"),
        "conflict": _(
            "Round %(number)s was saved from another phone while yours waited. "
            "Theirs is round %(number)s in the table; yours is still waiting. Which do you keep?"
        ),
        "keepBoth": _("Keep both: mine as round %(next)s"),
        "dropMine": _("Keep theirs, drop mine"),
        "refusedEntry": _("Round %(number)s was not accepted: %(reason)s"),
        "drop": _("Drop this entry"),
        "loginAgain": _("Log in again to send the waiting rounds."),
    },
    # An open match page that another phone changed (js/live.js); a save another phone's round
    # overtook says the same (play/views.round_add).
    "live": {
        "savedThere": _("Round %(number)s was saved on another phone."),
        "savedKept": _(
            "Round %(number)s was saved on another phone. Your entry is kept: "
            "save it as round %(next)s, or drop it."
        ),
        "sameKept": _(
            "Round %(number)s was saved on another phone, with the same entry as yours: drop yours, "
            "or save it as round %(next)s if it was another deal."
        ),
        "undoneThere": _("Round %(number)s was undone on another phone."),
        # This phone's save whose answer was lost ("Not saved — no connection"): the round was stored.
        "savedAfterAll": _("Round %(number)s was saved after all."),
        "movedKept": _(
            "The match changed on another phone: the next round is round %(next)s. Your entry is kept: "
            "save it as round %(next)s, or drop it."
        ),
        "changedThere": _("The match was changed on another phone."),
        "saveAsNext": _("Save mine as round %(next)s"),
        "dropMine": _("Drop mine"),
    },
}
