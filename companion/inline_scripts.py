"""Scripts that must run before the first paint, written into the page, and their CSP hashes.

``static/js/theme.js`` sets the colour theme and the ``js`` class before anything is
drawn, so it cannot wait for a file: as a ``<script src>`` in ``<head>`` it cost a
request of its own (about 550 bytes on the wire, mostly headers) on every first load.
It is written into the page instead (``{% inline_script %}``, minified like the collected
files: terser's committed copy while made from the file as it is, else rjsmin's;
companion/minified_scripts.py), and the Content-Security-Policy allows exactly that text
by its SHA-256 hash (settings.py): inline scripts stay refused, ``'unsafe-inline'`` is
never needed. The hash is computed from the text written, so an edit to the file (or
``make js``) changes both together.

No Django here: settings.py imports it.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache

from companion import minified_scripts

STATIC = minified_scripts.STATIC


@cache
def inline_source(name: str) -> str:
    """The text written between ``<script>`` and ``</script>`` for the static script ``name``."""
    source = minified_scripts.minify(name, (STATIC / name).read_bytes(), minified_scripts.copies())
    if "</" in source or "<!--" in source:
        raise ValueError(f"{name} cannot be written into a page as it is")
    return source


def csp_hash(name: str) -> str:
    """The script-src source that allows the inline copy of ``name``: 'sha256-…'."""
    digest = hashlib.sha256(inline_source(name).encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
