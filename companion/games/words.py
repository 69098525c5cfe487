"""What a game calls one of its rounds, in every sentence the shared pages say about one.

Elfer raus! plays a match of *games*, Murlan of *hands*; the others play rounds. The
scoreboard, Undo and Restore, the edit pages, the history and the shared scoreboard
take their sentences from the game's :class:`RoundWords` (``Game.words``), never
by asking which game it is.

Each sentence is whole, not a word put into a shared sentence: German gives the
word a gender ("die Runde", "das Spiel") that changes the words around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

Text = str | Promise


@dataclass(frozen=True)
class RoundWords:
    """The sentences about a round, with ``%(number)s`` (or ``%(count)s``, ``%(later)s``) to fill."""

    heading: Text  # the rounds table's heading: "Rounds"
    none_yet: Text  # the shared scoreboard before the first round
    none_entered: Text  # the history of changes before the first round
    save: Text  # the entry form's Save button
    saved: Text  # read out after a save: "Round 3 saved. Anna 2, Beat 0."
    saved_elsewhere: Text  # two phones saved the same round
    over: Text  # a save on a match that is over
    over_after: Text  # the line under the title of a finished match
    chart_caption: Text
    chart_title: Text  # the chart's own title (read by screen readers) and its page's heading
    undo: Text  # the Undo button
    undone: Text
    already_undone: Text
    restore: Text  # the Restore button offered after Undo
    restored: Text
    not_restorable: Text
    gone: Text  # a round that was undone meanwhile
    edit: Text  # the edit page's title
    edit_link: Text  # beside "Edit" in a row of the rounds table, for screen readers
    save_number: Text  # the edit page's Save button
    not_last: Text  # the edit page, for a round that is not the last
    changed: Text
    confirm: Text  # the confirmation page's title
    confirm_intro: Text
    confirm_yes: Text
    later_unfit: Text  # a change that breaks a later round
    later_unplayable: Text  # a change that ends the match before a later round
    added_history: Text  # the history of changes
    changed_history: Text
    undone_history: Text
    ended_history: Text
    resumed_history: Text
    numbered: Text  # "Round 3": any other change in the history
    problem_in: Text  # the engine's refusal of one round: "round 3: the points are missing"
    count: Text  # "%(count)s rounds" in a night's list of matches and its report (plural by count)
    end_totals: Text  # the page that ends a match early: "With the totals after these 5 rounds: …"
    rest_not_played: Text
    # The offline outbox's sentences that name a round (js/outbox.js; companion/offline/strings.py
    # has them for rounds): the same keys, in the game's word.
    outbox: Mapping[str, Text] = field(default_factory=dict)
    # What an open match page says when another phone changed the match (js/live.js, and the
    # answer to a save that another phone's round overtook): the same keys as the round's in
    # companion/offline/strings.py, in the game's word.
    live: Mapping[str, Text] = field(default_factory=dict)


ROUND = RoundWords(
    heading=_("Rounds"),
    none_yet=_("No rounds yet."),
    none_entered=_("No rounds entered yet."),
    save=_("Save round"),
    saved=_("Round %(number)s saved. %(totals)s."),
    saved_elsewhere=_("Round %(number)s was just saved from another phone. Here is the match as it is now."),
    over=_("The match is over: no more rounds."),
    over_after=ngettext_lazy(
        "Match over after %(count)s round", "Match over after %(count)s rounds", "count"
    ),
    chart_caption=_("Running totals after each round; the numbers are in the table above."),
    chart_title=_("Running totals, round by round"),
    undo=_("Undo round %(number)s"),
    undone=_("Round %(number)s was undone."),
    already_undone=_("Round %(number)s was already undone. Here is the match as it is now."),
    restore=_("Restore round %(number)s"),
    restored=_("Round %(number)s is back."),
    not_restorable=_("Round %(number)s can no longer be restored: the match changed since."),
    gone=_("Round %(number)s no longer exists."),
    edit=_("Edit round %(number)s"),
    edit_link=_("round %(number)s"),
    save_number=_("Save round %(number)s"),
    not_last=_(
        "This is not the last round: every round after it is recomputed, and the match may end or go on differently."
    ),
    changed=_("Round %(number)s was changed."),
    confirm=_("Change round %(number)s?"),
    confirm_intro=_("Every round after it is recomputed. The totals change like this:"),
    confirm_yes=_("Yes, change round %(number)s"),
    later_unfit=_("With this change round %(later)s no longer fits: %(problem)s"),
    later_unplayable=_(
        "With this change the match is over after round %(end)s, so round %(next)s and the rounds "
        "after it could not have been played. Undo the later rounds first, or change the entry."
    ),
    added_history=_("Round %(number)s added"),
    changed_history=_("Round %(number)s changed"),
    undone_history=_("Round %(number)s undone"),
    ended_history=_("Match ended by the table after round %(number)s"),
    resumed_history=_("Match resumed after round %(number)s"),
    numbered=_("Round %(number)s"),
    problem_in=_("round %(round)d: %(problem)s"),
    count=ngettext_lazy("%(count)s round", "%(count)s rounds", "count"),
    end_totals=ngettext_lazy(
        "With the totals after this round: %(sentence)s",
        "With the totals after these %(count)s rounds: %(sentence)s",
        "count",
    ),
    rest_not_played=_(
        "The rest of the rounds are not played; the best total wins. You can resume the match later."
    ),
)

GAME = RoundWords(
    heading=_("Games"),
    none_yet=_("No games yet."),
    none_entered=_("No games entered yet."),
    save=_("Save game"),
    saved=_("Game %(number)s saved. %(totals)s."),
    saved_elsewhere=_("Game %(number)s was just saved from another phone. Here is the match as it is now."),
    over=_("The match is over: no more games."),
    over_after=ngettext_lazy("Match over after %(count)s game", "Match over after %(count)s games", "count"),
    chart_caption=_("Running totals after each game; the numbers are in the table above."),
    chart_title=_("Running totals, game by game"),
    undo=_("Undo game %(number)s"),
    undone=_("Game %(number)s was undone."),
    already_undone=_("Game %(number)s was already undone. Here is the match as it is now."),
    restore=_("Restore game %(number)s"),
    restored=_("Game %(number)s is back."),
    not_restorable=_("Game %(number)s can no longer be restored: the match changed since."),
    gone=_("Game %(number)s no longer exists."),
    edit=_("Edit game %(number)s"),
    edit_link=_("game %(number)s"),
    save_number=_("Save game %(number)s"),
    not_last=_(
        "This is not the last game: every game after it is recomputed, and the match may end or go on differently."
    ),
    changed=_("Game %(number)s was changed."),
    confirm=_("Change game %(number)s?"),
    confirm_intro=_("Every game after it is recomputed. The totals change like this:"),
    confirm_yes=_("Yes, change game %(number)s"),
    later_unfit=_("With this change game %(later)s no longer fits: %(problem)s"),
    later_unplayable=_(
        "With this change the match is over after game %(end)s, so game %(next)s and the games "
        "after it could not have been played. Undo the later games first, or change the entry."
    ),
    added_history=_("Game %(number)s added"),
    changed_history=_("Game %(number)s changed"),
    undone_history=_("Game %(number)s undone"),
    ended_history=_("Match ended by the table after game %(number)s"),
    resumed_history=_("Match resumed after game %(number)s"),
    numbered=_("Game %(number)s"),
    problem_in=_("game %(round)d: %(problem)s"),
    count=ngettext_lazy("%(count)s game", "%(count)s games", "count"),
    end_totals=ngettext_lazy(
        "With the totals after this game: %(sentence)s",
        "With the totals after these %(count)s games: %(sentence)s",
        "count",
    ),
    rest_not_played=_(
        "The rest of the games are not played; the best total wins. You can resume the match later."
    ),
    outbox={
        "offlineSince": _(
            "Offline since %(time)s — new games wait on this phone and are sent when the connection returns."
        ),
        "offlineNow": _("Offline — new games wait on this phone and are sent when the connection returns."),
        "countedOne": _("These standings include a game not yet sent."),
        "countedMany": _("These standings include %(count)s games not yet sent."),
        "uncountedOne": _("Game %(numbers)s is not in these standings yet: it counts once it is sent."),
        "uncountedMany": _(
            "Games %(numbers)s are not in these standings yet: they count once they are sent."
        ),
        "waitingCount": _("Games waiting to send: %(count)s"),
        "conflict": _(
            "Game %(number)s was saved from another phone while yours waited. "
            "Theirs is game %(number)s in the table; yours is still waiting. Which do you keep?"
        ),
        "keepBoth": _("Keep both: mine as game %(next)s"),
        # German says "meines" for a game ("das Spiel"), "meine" for a round.
        "dropMine": pgettext_lazy("an Elfer raus! game", "Keep theirs, drop mine"),
        "refusedEntry": _("Game %(number)s was not accepted: %(reason)s"),
        "loginAgain": _("Log in again to send the waiting games."),
    },
    live={
        "savedThere": _("Game %(number)s was saved on another phone."),
        "savedKept": _(
            "Game %(number)s was saved on another phone. Your entry is kept: "
            "save it as game %(next)s, or drop it."
        ),
        "sameKept": _(
            "Game %(number)s was saved on another phone, with the same entry as yours: drop yours, "
            "or save it as game %(next)s if it was another deal."
        ),
        "undoneThere": _("Game %(number)s was undone on another phone."),
        "savedAfterAll": _("Game %(number)s was saved after all."),
        "movedKept": _(
            "The match changed on another phone: the next game is game %(next)s. Your entry is kept: "
            "save it as game %(next)s, or drop it."
        ),
        "saveAsNext": _("Save mine as game %(next)s"),
        # German says "meines" for a game ("das Spiel"), "meine" for a round.
        "dropMine": pgettext_lazy("an Elfer raus! game", "Drop mine"),
    },
)

HAND = RoundWords(
    heading=_("Hands"),
    none_yet=_("No hands yet."),
    none_entered=_("No hands entered yet."),
    save=_("Save hand"),
    saved=_("Hand %(number)s saved. %(totals)s."),
    saved_elsewhere=_("Hand %(number)s was just saved from another phone. Here is the match as it is now."),
    over=_("The match is over: no more hands."),
    over_after=ngettext_lazy("Match over after %(count)s hand", "Match over after %(count)s hands", "count"),
    chart_caption=_("Running totals after each hand; the numbers are in the table above."),
    chart_title=_("Running totals, hand by hand"),
    undo=_("Undo hand %(number)s"),
    undone=_("Hand %(number)s was undone."),
    already_undone=_("Hand %(number)s was already undone. Here is the match as it is now."),
    restore=_("Restore hand %(number)s"),
    restored=_("Hand %(number)s is back."),
    not_restorable=_("Hand %(number)s can no longer be restored: the match changed since."),
    gone=_("Hand %(number)s no longer exists."),
    edit=_("Edit hand %(number)s"),
    edit_link=_("hand %(number)s"),
    save_number=_("Save hand %(number)s"),
    not_last=_(
        "This is not the last hand: every hand after it is recomputed, and the match may end or go on differently."
    ),
    changed=_("Hand %(number)s was changed."),
    confirm=_("Change hand %(number)s?"),
    confirm_intro=_("Every hand after it is recomputed. The totals change like this:"),
    confirm_yes=_("Yes, change hand %(number)s"),
    later_unfit=_("With this change hand %(later)s no longer fits: %(problem)s"),
    later_unplayable=_(
        "With this change the match is over after hand %(end)s, so hand %(next)s and the hands "
        "after it could not have been played. Undo the later hands first, or change the entry."
    ),
    added_history=_("Hand %(number)s added"),
    changed_history=_("Hand %(number)s changed"),
    undone_history=_("Hand %(number)s undone"),
    ended_history=_("Match ended by the table after hand %(number)s"),
    resumed_history=_("Match resumed after hand %(number)s"),
    numbered=_("Hand %(number)s"),
    problem_in=_("hand %(round)d: %(problem)s"),
    count=ngettext_lazy("%(count)s hand", "%(count)s hands", "count"),
    end_totals=ngettext_lazy(
        "With the totals after this hand: %(sentence)s",
        "With the totals after these %(count)s hands: %(sentence)s",
        "count",
    ),
    rest_not_played=_(
        "The rest of the hands are not played; the best total wins. You can resume the match later."
    ),
    outbox={
        "offlineSince": _(
            "Offline since %(time)s — new hands wait on this phone and are sent when the connection returns."
        ),
        "offlineNow": _("Offline — new hands wait on this phone and are sent when the connection returns."),
        "countedOne": _("These standings include a hand not yet sent."),
        "countedMany": _("These standings include %(count)s hands not yet sent."),
        "uncountedOne": _("Hand %(numbers)s is not in these standings yet: it counts once it is sent."),
        "uncountedMany": _(
            "Hands %(numbers)s are not in these standings yet: they count once they are sent."
        ),
        "waitingCount": _("Hands waiting to send: %(count)s"),
        "conflict": _(
            "Hand %(number)s was saved from another phone while yours waited. "
            "Theirs is hand %(number)s in the table; yours is still waiting. Which do you keep?"
        ),
        "keepBoth": _("Keep both: mine as hand %(next)s"),
        "refusedEntry": _("Hand %(number)s was not accepted: %(reason)s"),
        "loginAgain": _("Log in again to send the waiting hands."),
    },
    live={
        "savedThere": _("Hand %(number)s was saved on another phone."),
        "savedKept": _(
            "Hand %(number)s was saved on another phone. Your entry is kept: "
            "save it as hand %(next)s, or drop it."
        ),
        "sameKept": _(
            "Hand %(number)s was saved on another phone, with the same entry as yours: drop yours, "
            "or save it as hand %(next)s if it was another deal."
        ),
        "undoneThere": _("Hand %(number)s was undone on another phone."),
        "savedAfterAll": _("Hand %(number)s was saved after all."),
        "movedKept": _(
            "The match changed on another phone: the next hand is hand %(next)s. Your entry is kept: "
            "save it as hand %(next)s, or drop it."
        ),
        "saveAsNext": _("Save mine as hand %(next)s"),
    },
)
