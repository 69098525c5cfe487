"""Our scripts as a phone downloads them: minified by terser at build time, committed, used only while fresh.

terser renames local variables and rewrites statements shorter, about a sixth less on the
wire than rjsmin, which only drops comments and white space. It needs Node, and serving
must not, so ``make js`` (``python -m companion.minified_scripts build``) writes terser's
copy of each of our scripts (``static/js/``, ``static/games/``, not vendor files) to
``assets/minified/`` under the same path, and the copies are committed. Each copy's first
line names the SHA-256 of the source it was made from.

``collectstatic`` (companion/static_files.py) and the script written into every page
(companion/inline_scripts.py) look a copy up by the SHA-256 of the source they have: a
copy made from another version of it is never found, so an edited script without
``make js`` is minified by rjsmin as before, with a warning, and old code can never ship.
``make js-check`` (CI) builds the copies again and fails when a committed one differs.

No Django here: settings.py imports it (through inline_scripts).
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

from rjsmin import jsmin

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
# Outside static/: collectstatic must not find them as files of their own.
COPIES = ROOT / "assets" / "minified"
TERSER = ROOT / "node_modules" / ".bin" / "terser"

# Only terser's safe transformations (no ``unsafe*`` compress option). ``--ecma 5``: our
# scripts are written in ES5, and terser then never writes newer syntax than they have.
# ``--mangle`` renames names inside functions only: every script is one function scope
# (an IIFE), top-level names are left alone (terser's default, no ``--toplevel``), and
# the scripts reach each other through properties (``window.CompanionNet``,
# ``window.CompanionEntry.molotow``, ``self.COMPANION_SW``), which are never renamed.
# Nothing reads a function's ``name``, so keeping them (keep_fnames) would only cost bytes.
TERSER_OPTIONS = ("--ecma", "5", "--compress", "--mangle", "--comments", "false")

FIRST_LINE = re.compile(r"// .* SHA-256 ([0-9a-f]{64})\n")


class StaleMinifiedScript(UserWarning):
    """A script has no terser copy made from its current text: it is stored minified by rjsmin."""


def scripts() -> list[str]:
    """Our scripts, by their static name ("js/outbox.js"): the files ``make js`` minifies."""
    return sorted(
        path.relative_to(STATIC).as_posix()
        for folder in ("js", "games")
        for path in (STATIC / folder).rglob("*.js")
        if ".min." not in path.name
    )


def digest(source: bytes) -> str:
    return hashlib.sha256(source).hexdigest()


def copies(folder: Path | None = None) -> dict[str, str]:
    """The committed copies by the SHA-256 of the source each was made from: {digest: minified text}."""
    found = {}
    for path in sorted((folder or COPIES).rglob("*.js")):
        first, _, body = path.read_text(encoding="utf-8").partition("\n")
        match = FIRST_LINE.fullmatch(first + "\n")
        if match:
            found[match[1]] = body.strip()
    return found


def minify(name: str, source: bytes, known: dict[str, str], said: set[str] | None = None) -> str:
    """The script ``name`` as shipped: its terser copy in ``known`` if made from ``source``, else rjsmin's.

    ``said``: the digests of the sources already warned about (collectstatic saves each
    file twice, under its plain and its hashed name: one warning is enough).
    """
    key = digest(source)
    copy = known.get(key)
    if copy is not None:
        return copy
    if said is None or key not in said:
        if said is not None:
            said.add(key)
        warnings.warn(
            StaleMinifiedScript(
                f"{name} has no minified copy made from its current text in assets/minified/: "
                "stored minified by rjsmin instead (larger). Run `make js` and commit the result."
            ),
            stacklevel=2,
        )
    return jsmin(source.decode("utf-8")).strip()


def terser(name: str) -> str:
    """What ``make js`` commits for the script ``name``: the line naming its source, then terser's output."""
    source = (STATIC / name).read_bytes()
    result = subprocess.run(
        [str(TERSER), *TERSER_OPTIONS, "--", str(STATIC / name)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"terser failed on static/{name}:\n{result.stderr}")
    return f"// static/{name}, minified by make js from the source with SHA-256 {digest(source)}\n{result.stdout.strip()}\n"


def build(into: Path) -> None:
    """Write every script's copy under ``into``, and remove the copies of scripts that are gone."""
    wanted = {name: terser(name) for name in scripts()}
    for path in into.rglob("*.js") if into.exists() else ():
        if path.relative_to(into).as_posix() not in wanted:
            path.unlink()
    for name, text in wanted.items():
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")


def differences(built: Path, committed: Path) -> list[str]:
    """Sentences for each copy under ``committed`` that is not what ``built`` holds."""
    new = {p.relative_to(built).as_posix(): p.read_bytes() for p in built.rglob("*.js")}
    old = {p.relative_to(committed).as_posix(): p.read_bytes() for p in committed.rglob("*.js")}
    said = [f"static/{name} has no minified copy" for name in sorted(new.keys() - old.keys())]
    said += [
        f"assets/minified/{name} is left over: static/{name} is gone"
        for name in sorted(old.keys() - new.keys())
    ]
    said += [
        f"assets/minified/{name} is stale"
        for name in sorted(new.keys() & old.keys())
        if new[name] != old[name]
    ]
    return said


def main(argv: list[str]) -> int:
    if not TERSER.exists():
        print("terser is not installed: run make js (it installs the npm packages)", file=sys.stderr)
        return 1
    if argv == ["build"]:
        build(COPIES)
        print(f"assets/minified/: {len(scripts())} scripts minified")
        return 0
    if argv == ["check"]:
        with tempfile.TemporaryDirectory() as folder:
            build(Path(folder))
            said = differences(Path(folder), COPIES)
        for sentence in said:
            print(sentence, file=sys.stderr)
        if said:
            print(
                "The minified scripts are not what make js builds: run make js and commit them.",
                file=sys.stderr,
            )
            return 1
        print(f"assets/minified/ is up to date ({len(scripts())} scripts)")
        return 0
    print("usage: python -m companion.minified_scripts build|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
