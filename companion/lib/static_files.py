"""The production storage of static files: our own scripts and style sheets minified, bundled, then hashed and compressed.

The sources keep their comments (they explain why), and ``runserver`` and the tests
serve them as written. ``collectstatic`` stores what a phone downloads: each of our
scripts and style sheets without comments and spare white space (rjsmin, rcssmin), under
WhiteNoise's hashed names, with gzip and Brotli copies. On a first scoreboard load that is
about a fifth less on the wire (``make bench-load``). Files that come minified (Bootstrap, htmx) and
everything of other apps (the admin's) are stored as they are.

It also writes the :func:`bundles`: the files every page (``site``) or a game's match
page (``molotow``, …: companion/games/bundles.py) loads, joined into one script and one style sheet each. A response
costs about 430 bytes of headers, and one compressed file is smaller than its parts
compressed apart, so a first scoreboard load is about 5.5 KB lighter. ``{% bundle %}``
(companion/templatetags/bundles.py) names a bundle where the storage's manifest has it
and its sources everywhere else (``runserver``, tests that do not collect).
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.files.base import ContentFile
from django.utils.module_loading import import_string
from rcssmin import cssmin
from rjsmin import jsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our own folders under static/ (vendor/ holds others' files, already minified).
OURS = ("js/", "css/", "games/")

# Each bundle's sources, in the order the pages load them (the cascade, the scripts' order).
SITE_CSS = ("vendor/bootstrap/bootstrap.min.css", "css/app.css")
# A match page's instead of SITE_CSS: Bootstrap cut to what a match page can show (make css).
TABLE_SITE_CSS = ("vendor/bootstrap/bootstrap-match.min.css", "css/app.css")
SITE_JS = ("django_htmx/htmx-2.min.js", "js/net-errors.js", "js/app.js")


@cache
def bundles() -> dict[str, tuple[str, ...]]:
    """Every bundle: ``site`` for every page, and what the features add (``STATIC_BUNDLES``).

    This module knows no feature: each entry of the setting ``STATIC_BUNDLES`` names a
    function that returns its bundles' names and sources (the games' match pages:
    companion/games/bundles.py). Called once the apps are ready (collectstatic, a page).
    """
    found = {"bundles/site.css": SITE_CSS, "bundles/site.js": SITE_JS}
    for path in settings.STATIC_BUNDLES:
        found.update(import_string(path)())
    return found


# Between two scripts: a statement ends, whatever the last one ended with.
JOINERS = {".js": ";\n", ".css": "\n"}


def minified_kind(name: str) -> str | None:
    """ ".js" or ".css" when the static file ``name`` is ours to minify, else None (stored as it is)."""
    name = name.replace("\\", "/")
    kind = name[name.rfind(".") :]
    if not name.startswith(OURS) or ".min." in name or kind not in (".js", ".css"):
        return None
    return kind


def bundle_files(name: str) -> tuple[str, ...]:
    """What a page loads for the bundle ``name`` ("site.css"): the bundle once collected, else its sources."""
    path = f"bundles/{name}"
    hashed = getattr(staticfiles_storage, "hashed_files", {})
    if not settings.DEBUG and path in hashed:
        return (path,)
    return bundles()[path]


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        # Every copy collectstatic writes passes here: the plain name and the hashed one. The
        # hash is taken from the source before this, so it changes exactly when the source does.
        kind = minified_kind(name)
        if kind is not None:
            content.seek(0)
            source = content.read()
            text = (jsmin if kind == ".js" else cssmin)(source.decode("utf-8"))
            content = ContentFile(text.encode("utf-8"))
        return super()._save(name, content)

    def post_process(self, paths, dry_run=False, **options):
        # The sources are collected (and minified) by now: join them, then hash and compress the
        # bundles with everything else.
        if not dry_run:
            paths = {**paths, **{name: (self, name) for name in self.write_bundles()}}
        yield from super().post_process(paths, dry_run, **options)

    def write_bundles(self) -> list[str]:
        for name, sources in bundles().items():
            parts = []
            for source in sources:
                with self.open(source) as file:
                    parts.append(file.read().decode("utf-8").strip())
            if self.exists(name):
                self.delete(name)
            self._save(name, ContentFile(JOINERS[name[name.rfind(".") :]].join(parts).encode("utf-8")))
        return list(bundles())
