"""The scripts a phone downloads are minified copies (companion/lib/static_files.py): they must still be valid.

The other browser tests run the sources as written (tests/fixtures.py serves them
unhashed), so this checks the collected copies themselves, in the browser that runs them.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

PARSES = """source => { try { new Function(source); return ""; } catch (error) { return String(error); } }"""


def collected_scripts(root):
    """Our collected scripts under their hashed names (what the manifest points to)."""
    return sorted(
        path
        for folder in ("js", "games")
        for path in (root / folder).rglob("*.js")
        if path.stem.count(".") == 1  # name.0123456789ab.js
    )


def test_every_minified_script_still_parses_in_chromium(browser, collected_static):
    scripts = collected_scripts(collected_static)
    sources = [*(ROOT / "static" / "js").rglob("*.js"), *ROOT.glob("companion/games/*/static/games/*/*.js")]
    assert len(scripts) == len(sources), scripts
    page = browser.new_page()
    try:
        for path in scripts:
            assert page.evaluate(PARSES, path.read_text()) == "", path.name
    finally:
        page.close()


def test_the_collected_copies_are_smaller_than_the_sources(collected_static):
    outbox = next((collected_static / "js").glob("outbox.*.js"))
    assert "// " not in outbox.read_text()  # comments are gone
    assert outbox.stat().st_size < 0.8 * (ROOT / "static" / "js" / "outbox.js").stat().st_size
    app_css = next((collected_static / "css").glob("app.*.css"))
    assert "/*" not in app_css.read_text()
    assert app_css.stat().st_size < (ROOT / "static" / "css" / "app.css").stat().st_size
