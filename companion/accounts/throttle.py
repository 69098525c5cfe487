"""Sign-up and password-reset requests go through django-axes like logins do.

Both forms take a name someone could be probing for (is there an account called
"beat"?), so their refused attempts count as failed logins for that name and
address: the same limits, the same lockout page (``companion.lib.security``) and the
same cool-off as the login form, whichever of the three is being hammered.
"""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth.signals import user_login_failed

from companion.lib.security import lockout_response


def refused(request, username: str):
    """The lockout page when ``username`` or this address is locked out, else None."""
    if not AxesProxyHandler.is_allowed(request, {"username": username}):
        return lockout_response(request)
    return None


def count_failure(request, username: str) -> None:
    """Record a refused attempt; axes' middleware shows the lockout page once the limit is reached."""
    user_login_failed.send(sender=__name__, credentials={"username": username}, request=request)


def asked_for_from_everywhere(request, username: str) -> int:
    """How often ``username`` (an e-mail address, for a reset) was asked for in the cool-off, from any address."""
    from axes.attempts import get_cool_off_threshold
    from axes.models import AccessAttempt
    from django.db.models import Sum

    from companion.lib.security import AXES_USERNAME_LENGTH

    name = str(username).replace("\0", "")[:AXES_USERNAME_LENGTH]
    attempts = AccessAttempt.objects.filter(username=name, attempt_time__gte=get_cool_off_threshold(request))
    return attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
