"""Which language a page speaks: the account's choice, else the visitor's cookie, else the browser's.

Django's LocaleMiddleware handles the cookie and the browser's Accept-Language. An
account's choice is copied into its session when it logs in or chooses, so reading
it costs no query on a page (the session is loaded anyway for the login).
"""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation

from companion.i18n.models import Profile

SESSION_KEY = "companion_language"
SUPPORTED = {code for code, _name in settings.LANGUAGES}


def remember(request, language: str) -> None:
    """Keep ``language`` for this account (on its profile and in its session)."""
    Profile.objects.update_or_create(user=request.user, defaults={"language": language})
    request.session[SESSION_KEY] = language


@receiver(user_logged_in)
def use_the_accounts_language(sender, request, user, **kwargs):
    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if request is not None and language in SUPPORTED:
        request.session[SESSION_KEY] = language


def use_the_accounts_choice(request) -> None:
    """After LocaleMiddleware and authentication: a logged-in account's choice wins."""
    session = getattr(request, "session", None)
    language = session.get(SESSION_KEY) if session is not None and session.session_key else None
    if language in SUPPORTED and getattr(request, "user", None) and request.user.is_authenticated:
        translation.activate(language)
        request.LANGUAGE_CODE = language
