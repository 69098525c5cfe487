"""Pages and htmx answers compressed by django-http-compression, event streams excepted.

The package picks the coding from the browser's ``Accept-Encoding`` (Zstandard, Brotli or
gzip, weights honoured) and follows Django's ``GZipMiddleware`` otherwise: ``Vary:
Accept-Encoding``, nothing already encoded, a strong ``ETag`` made weak, an ``x-noise``
header of random length on every compressed answer (docs/hosting.md, "Compression").

An event stream (``text/event-stream``, the live pages) goes as it is: each of its events
would be compressed and flushed on its own for as long as the page stays open, with a
compressor's window held per open stream, for a few bytes saved.
"""

from __future__ import annotations

from django_http_compression import middleware


class CompressionMiddleware(middleware.HttpCompressionMiddleware):
    def maybe_compress(self, request, response):
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return
        super().maybe_compress(request, response)
