"""``/healthz/``: a liveness probe for deployments, and the load benchmark's floor.

It touches neither the database nor the session, so it measures what the
framework, the middleware and the server cost on their own.
"""

from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def healthz(request):
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")
