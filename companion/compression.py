"""Pages and htmx answers compressed with Brotli when the browser accepts it, gzip otherwise.

Django's ``GZipMiddleware`` with one more coding: a browser whose ``Accept-Encoding``
allows ``br`` (and does not rank gzip above it) gets Brotli, which makes a scoreboard
about 9% smaller than gzip does (README, "Compression"); any other browser gets
exactly what ``GZipMiddleware`` gives it, random-length gzip header included. The rules
are Django's: nothing below 200 bytes, nothing already encoded, ``Vary: Accept-Encoding``
on everything that could be compressed, a strong ``ETag`` made weak, streaming answers
compressed chunk by chunk, the compressed body kept only when it is shorter.

Why not a package: django-http-compression (well kept) and django-compression-middleware
(last release 2024, and its gzip drops Django's random padding) both fix Brotli's quality
at 4, and on our pages quality 5 is where the saving is (README, "Compression"). Static
files do not come here: WhiteNoise serves them precompressed.
"""

from __future__ import annotations

from functools import lru_cache

import brotli
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers

# Measured on a Molotow scoreboard (28 KB of HTML): quality 5 is 9% smaller than gzip in
# about 0.4 ms; 4 saves 2% in 0.25 ms; 6 and up save little more and cost more time.
QUALITY = 5


def brotli_chunks(chunks):
    """A streaming answer's chunks, compressed as one Brotli stream, each chunk sent as it comes."""
    compressor = brotli.Compressor(quality=QUALITY)
    for chunk in chunks:
        if data := compressor.process(chunk) + compressor.flush():
            yield data
    yield compressor.finish()


async def brotli_chunks_async(chunks):
    compressor = brotli.Compressor(quality=QUALITY)
    async for chunk in chunks:
        if data := compressor.process(chunk) + compressor.flush():
            yield data
    yield compressor.finish()


def accepts_brotli(accept_encoding: str) -> bool:
    """Whether ``Accept-Encoding`` allows ``br`` at all and ranks it no lower than gzip."""
    if len(accept_encoding) > 512:  # no browser sends that much; not worth parsing
        return False
    return _accepts_brotli(accept_encoding)


@lru_cache(maxsize=64)  # browsers send a handful of different headers
def _accepts_brotli(accept_encoding: str) -> bool:
    weights = {}
    for part in accept_encoding.lower().split(","):
        coding, _, parameters = part.partition(";")
        weight = 1.0
        name, _, value = parameters.partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0  # a weight we cannot read allows nothing
        weights[coding.strip()] = weight
    # "*" stands for any coding the header does not name (RFC 9110, 12.5.3).
    br = weights.get("br", weights.get("*", 0.0))
    return br > 0 and br >= weights.get("gzip", weights.get("*", 0.0))


class CompressionMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        # An event stream is sent event by event: a compressor would hold each one back.
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        if not accepts_brotli(request.headers.get("Accept-Encoding", "")):
            return super().process_response(request, response)
        # From here on, GZipMiddleware's rules with Brotli in place of gzip.
        if not response.streaming and len(response.content) < 200:
            return response
        if response.has_header("Content-Encoding"):
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if response.streaming:
            if response.is_async:
                response.streaming_content = brotli_chunks_async(response.streaming_content)
            else:
                response.streaming_content = brotli_chunks(response.streaming_content)
            del response.headers["Content-Length"]
        else:
            compressed = brotli.compress(response.content, quality=QUALITY)
            if len(compressed) >= len(response.content):
                return response
            response.content = compressed
            response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "br"
        return response
