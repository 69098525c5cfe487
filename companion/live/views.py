"""The event streams of the match page and the shared pages (``companion.live.streams``).

Who may read a page may listen to it, and only as long as they may read it:
``companion.access`` decides for the match page, the share link's token for the
shared pages (``companion.sharing.services.live_state``). A stream asked for by
somebody who may not read the page gets the page's own answer (signed out: to the
login page; otherwise 404) and never opens.

The views themselves are plain functions: they pass the same middleware as every page
(sessions, sign-in, security headers), which runs in the request's thread anyway, and
only look up whether the stream may open. What stays open afterwards is the response's
content: a coroutine on the event loop under ASGI, a generator in the request's thread
under WSGI (``companion.live.streams``).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, StreamingHttpResponse
from django.views.decorators.http import require_GET

from companion import access
from companion.live import access_topic, match_topic, night_topic, user_topic
from companion.live.streams import Watch, loop_stream, thread_stream
from companion.sharing import services as sharing

VERSION_LENGTH = 64  # longer than any version; what a client sends beyond it is not one


def _stream(request, watch: Watch) -> StreamingHttpResponse:
    shown = (request.headers.get("Last-Event-ID") or request.GET.get("v") or "")[:VERSION_LENGTH]
    under_asgi = isinstance(request, ASGIRequest)
    content = loop_stream(watch, shown) if under_asgi else thread_stream(watch, shown)
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "private, no-store"
    # nginx and others pass each event on at once instead of filling a buffer first.
    response["X-Accel-Buffering"] = "no"
    return response


@access.match_viewer_required
@require_GET
def match_events(request, pk):
    """The match page's stream: a new version at every save, undo, edit, end or resume.

    A phone with the match's club table link listens as long as the link admits it."""
    user = request.user
    night_pk = access.listenable_match_for_viewer(access.viewer(request), pk)
    if night_pk is None:
        raise Http404
    session = request.session
    session_key = session.session_key
    grants = tuple(access.table_grants(request))

    def current(thorough: bool) -> str | None:
        if thorough and user.is_authenticated and (session_key is None or not session.exists(session_key)):
            return None  # signed out (here or on another page of the same browser)
        return access.match_version_for_viewer(user, grants, pk)

    topics = (match_topic(pk), access_topic(night_pk))
    if user.is_authenticated:
        topics = (*topics, user_topic(user.pk))
    return _stream(request, Watch(topics, current))


@login_required
@require_GET
def night_events(request, pk):
    """The night page's stream: a new version whenever one of its matches or the night changes."""
    user = request.user
    if not access.listenable_night(user, pk):
        raise Http404
    session = request.session
    session_key = session.session_key

    def current(thorough: bool) -> str | None:
        if thorough and (session_key is None or not session.exists(session_key)):
            return None
        return access.night_version_for(user, pk)

    topics = (night_topic(pk), access_topic(pk), user_topic(user.pk))
    return _stream(request, Watch(topics, current))


def _shared_stream(request, token, match_pk=None):
    state = sharing.live_state(token, match_pk)
    if state is None:
        raise Http404
    if state.match_id is not None:
        topics = (match_topic(state.match_id), access_topic(state.night_id))
    else:
        topics = (night_topic(state.night_id), access_topic(state.night_id))

    def current(thorough: bool) -> str | None:
        now = sharing.live_state(token, match_pk)
        return None if now is None else now.version

    response = _stream(request, Watch(topics, current))
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_GET
def shared_events(request, token):
    """A share link's stream (a match's or a night's): the version the shared page compares with."""
    return _shared_stream(request, token)


@require_GET
def shared_match_events(request, token, pk):
    """The stream of one match seen through its night's share link."""
    return _shared_stream(request, token, pk)
