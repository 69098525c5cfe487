"""Scripts that must run before the first paint, written into the page.

``static/js/theme.js`` sets the colour theme and the ``js`` class before anything is
drawn, so it cannot wait for a file: as a ``<script src>`` in ``<head>`` it cost a
request of its own (about 550 bytes on the wire, mostly headers) on every first load.
It is written into the page instead (``{% inline_script %}``, minified like the collected
scripts), and the Content-Security-Policy allows it by the response's nonce
(django-csp): other inline scripts stay refused, ``'unsafe-inline'`` is never needed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rjsmin import jsmin

STATIC = Path(__file__).resolve().parents[2] / "static"


@cache
def inline_source(name: str) -> str:
    """The text written between ``<script>`` and ``</script>`` for the static script ``name``."""
    source = jsmin((STATIC / name).read_text(encoding="utf-8")).strip()
    if "</" in source or "<!--" in source:
        raise ValueError(f"{name} cannot be written into a page as it is")
    return source
