"""The language switch: a form POST in the menu, a plain link on the shared pages. No script needed."""

from django.conf import settings
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from companion.i18n.language import SESSION_KEY, SUPPORTED, remember


@require_http_methods(["GET", "POST"])
def set_language(request):
    """Switch to the chosen language and go back to the page the switch was on.

    POST (the menu's form): an account keeps the choice on every device. GET (the
    shared pages' links, which stay free of forms): only this browser keeps it. Either
    way a cookie keeps it for a year; an unknown language changes nothing."""
    data = request.POST if request.method == "POST" else request.GET
    next_url = data.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = "/"
    response = redirect(next_url)
    language = data.get("language")
    if language not in SUPPORTED:
        return response
    if request.user.is_authenticated and request.method == "POST":
        remember(request, language)
    elif SESSION_KEY in request.session:
        request.session[SESSION_KEY] = language  # this browser only, the account keeps its choice
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
