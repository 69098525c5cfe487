"""What the pages hear of without a change unit: deletions, lost access, a night's own edit.

A change of a match (a round added, edited or undone, the end and its undoing, the Elfer
raus! board) announces itself explicitly where it is made, in the one change unit
(``companion.play.rounds``), and so does a new match (``companion.play.setup``) and a change
in the admin: no ``post_save(Match)`` receiver. Deletions and
lost access (a member removed, a night deleted, a sign-out) tell the pages concerned
to look again whether their viewer still may see them. Changes made without a save
(``QuerySet.update``) announce themselves where they are made: a seated player's
new name (``companion.nights.roster``) and a revoked share link
(``companion.sharing.services``).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from companion import live
from companion.live.hub import hub
from companion.live.relay import relay
from companion.models import GameNight, Match, Membership

# The first stream opened in a process starts the thread that hears the other processes.
hub.on_first_listener = relay.ensure_running


@receiver(post_delete, sender=Match, dispatch_uid="live_match_deleted")
def match_deleted(sender, instance, using=None, **kwargs):
    live.announce(live.access_topic(instance.night_id), live.night_topic(instance.night_id), using=using)


@receiver(post_save, sender=GameNight, dispatch_uid="live_night_saved")
def night_saved(sender, instance, created=False, raw=False, using=None, **kwargs):
    if not raw and not created:
        live.announce(live.night_topic(instance.pk), using=using)


@receiver(post_delete, sender=GameNight, dispatch_uid="live_night_deleted")
def night_deleted(sender, instance, using=None, **kwargs):
    live.announce(live.access_topic(instance.pk), using=using)


@receiver(post_delete, sender=Membership, dispatch_uid="live_member_removed")
def member_removed(sender, instance, using=None, **kwargs):
    live.announce(live.access_topic(instance.night_id), using=using)


@receiver(user_logged_out, dispatch_uid="live_logged_out")
def logged_out(sender, request, user, **kwargs):
    if user is not None:
        # Django sends this signal before it flushes the session: a stream that looked at once
        # found the session still there and stayed open. Gone first, then announced.
        session = getattr(request, "session", None)
        if session is not None and session.session_key:
            session.delete()
        live.announce(live.user_topic(user.pk))


@receiver(post_delete, sender=get_user_model(), dispatch_uid="live_account_deleted")
def account_deleted(sender, instance, using=None, **kwargs):
    live.announce(live.user_topic(instance.pk), using=using)
