"""Small images written into the page as ``data:`` URIs, so a first visit fetches no file for them.

``static/favicon.svg`` is the tab's icon and the logo in the page's bar. As a file it cost
a request of its own on every first load (about 500 bytes on the wire, more than half of
them headers); written into the page it costs about 250 bytes compressed, and its second
copy in the same page (the logo) is a repeat the compression all but removes. The
Content-Security-Policy allows ``data:`` images (``img-src``, settings.py).

The URI is made from the file, once per process, so an edit to the file changes it too.
The file itself stays: the web app manifest and the service worker's offline copy name
it, and ``/favicon.ico`` redirects to it.

No Django here, like companion/lib/inline_scripts.py.
"""

from __future__ import annotations

from functools import cache
from urllib.parse import quote

from companion.lib.inline_scripts import STATIC

TYPES = {".svg": "image/svg+xml"}
# Left as they are in the URI: what an SVG's markup is mostly made of and a URL allows
# unescaped. "<", ">", "#", "%", '"', spaces and line ends are percent-encoded, so the URI
# is a valid URL and stays inside a double-quoted attribute.
KEPT = "'=/:;,()"


@cache
def data_uri(name: str) -> str:
    """``data:image/svg+xml,…``: the static image ``name`` as a URI, its text percent-encoded."""
    # Split into plain strings: pathlib refuses a str subclass such as the SafeString a template passes.
    path = STATIC.joinpath(*name.split("/"))
    return f"data:{TYPES[path.suffix]},{quote(path.read_text(encoding='utf-8').strip(), safe=KEPT)}"
