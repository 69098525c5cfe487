"""The production storage of static files: our own scripts and style sheets minified, then hashed and compressed.

The sources keep their comments (they explain why), and ``runserver`` and the tests
serve them as written. ``collectstatic`` stores what a phone downloads: each of our
``.js`` and ``.css`` files without comments and spare white space (rjsmin and
rcssmin, the minifiers django-compressor uses), under WhiteNoise's hashed names,
with gzip and Brotli copies. On a first scoreboard load that is about a fifth less
on the wire (``make bench-load``). Files that come minified (Bootstrap, htmx) and
everything of other apps (the admin's) are stored as they are.
"""

from __future__ import annotations

from django.core.files.base import ContentFile
from rcssmin import cssmin
from rjsmin import jsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our own folders under static/ (vendor/ holds others' files, already minified).
OURS = ("js/", "css/", "games/")
MINIFIERS = {".js": jsmin, ".css": cssmin}


def minifier(name: str):
    """The minifier for the static file ``name``, or None to store it as it is."""
    name = name.replace("\\", "/")
    if not name.startswith(OURS) or ".min." in name:
        return None
    return MINIFIERS.get(name[name.rfind(".") :])


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        # Every copy collectstatic writes passes here: the plain name and the hashed one. The
        # hash is taken from the source before this, so it changes exactly when the source does.
        minify = minifier(name)
        if minify is not None:
            content.seek(0)
            content = ContentFile(minify(content.read().decode("utf-8")).encode("utf-8"))
        return super()._save(name, content)
