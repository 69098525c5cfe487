"""The language switch (menu and share pages): a plain form POST, no script needed."""

from django.conf import settings
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from companion.i18n.language import SUPPORTED, remember


@require_POST
def set_language(request):
    """Switch to the posted language and go back to the page the form was on.

    An account keeps the choice on every device; a visitor keeps it in a cookie for a
    year. An unknown language changes nothing."""
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = "/"
    response = redirect(next_url)
    language = request.POST.get("language")
    if language not in SUPPORTED:
        return response
    if request.user.is_authenticated:
        remember(request, language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
