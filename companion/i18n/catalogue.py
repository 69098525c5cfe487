"""The translation catalogues in ``companion/locale``: where they are and how they compile.

Compiling uses polib (pure Python) rather than GNU gettext's msgfmt, so ``make run``
works on a fresh machine without system packages. Only ``makemessages`` (updating
the catalogue from the code, and the test that checks it is current) needs xgettext.
"""

import os
import tempfile
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# What makemessages never reads: tests, static files (JavaScript reads its words from
# data attributes the templates render), and the catalogue folder itself, so every
# string lands in the one catalogue of LOCALE_PATHS. It does read scoring/: the engines
# stay Django-free but mark their error sentences with gettext_noop, and the web layer
# translates them (companion/i18n/errors.py).
IGNORED = [
    "tests/*",
    "static/*",
    "var/*",
    "build/*",
    "test-artifacts/*",
    "*.egg-info/*",
    "companion/locale/*",
]


def po_files(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write each .po's .mo beside it (fuzzy entries left out, as msgfmt does).

    Written to a temporary file and renamed, so a test run or a server reading the
    .mo at the same moment never sees half a file."""
    written = []
    for po_path in po_files(locale_dir):
        mo_path = po_path.with_suffix(".mo")
        handle, tmp = tempfile.mkstemp(dir=po_path.parent, suffix=".mo.tmp")
        os.close(handle)
        try:
            polib.pofile(str(po_path)).save_as_mofile(tmp)
            os.chmod(tmp, 0o644)  # mkstemp makes it private; the server may run as another user
            os.replace(tmp, mo_path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        written.append(mo_path)
    return written
