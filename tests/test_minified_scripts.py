"""Our scripts ship as terser's committed copies (make js) only while made from the scripts as they are."""

import json
import warnings

import pytest
from django.core.management import call_command
from django.test import override_settings
from rjsmin import jsmin

from companion import minified_scripts
from companion.minified_scripts import StaleMinifiedScript, copies, digest, minify, scripts
from tests.conftest import PRODUCTION_STATIC

SOURCE = b'(function () {\n  "use strict";\n  // Says hello.\n  var greeting = "hello";\n  window.hello = greeting;\n})();\n'
TERSER_COPY = '!function(){"use strict";window.hello="hello"}();'


def write_copy(folder, name, made_from: bytes, body: str):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"// static/{name}, minified by make js from the source with SHA-256 {digest(made_from)}\n{body}\n"
    )


def test_a_script_ships_as_the_copy_made_from_its_text(tmp_path):
    write_copy(tmp_path, "js/hello.js", SOURCE, TERSER_COPY)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert minify("js/hello.js", SOURCE, copies(tmp_path)) == TERSER_COPY


def test_a_copy_made_from_an_older_text_is_never_used_and_rjsmin_minifies_with_a_warning(tmp_path):
    edited = SOURCE.replace(b'"hello"', b'"hi"')
    write_copy(tmp_path, "js/hello.js", SOURCE, TERSER_COPY)
    with pytest.warns(StaleMinifiedScript, match=r"js/hello\.js .*make js"):
        shipped = minify("js/hello.js", edited, copies(tmp_path))
    assert shipped == jsmin(edited.decode()).strip()
    assert '"hi"' in shipped and "Says hello" not in shipped


def test_a_script_without_a_copy_is_minified_by_rjsmin_with_a_warning(tmp_path):
    with pytest.warns(StaleMinifiedScript, match=r"js/hello\.js"):
        assert minify("js/hello.js", SOURCE, copies(tmp_path)) == jsmin(SOURCE.decode()).strip()


def test_a_file_without_the_line_naming_its_source_is_no_copy(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "hello.js").write_text(TERSER_COPY + "\n")
    assert copies(tmp_path) == {}


def collected_text(root, name: str) -> str:
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    return (root / manifest[name]).read_text()


def test_collecting_bundles_a_fresh_copy_and_never_a_stale_one(tmp_path, monkeypatch, settings):
    static = minified_scripts.STATIC
    fresh_body = '!function(){"use strict";window.freshCopy=1}();'
    stale_body = '!function(){"use strict";window.staleCopy=1}();'
    write_copy(tmp_path / "copies", "js/app.js", (static / "js/app.js").read_bytes(), fresh_body)
    write_copy(tmp_path / "copies", "js/net-errors.js", b"// an older net-errors.js\n", stale_body)
    monkeypatch.setattr(minified_scripts, "COPIES", tmp_path / "copies")

    with (
        override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=tmp_path / "collected"),
        pytest.warns(StaleMinifiedScript) as said,
    ):
        call_command("collectstatic", interactive=False, verbosity=0)

    root = tmp_path / "collected"
    assert collected_text(root, "js/app.js") == fresh_body
    net_errors = jsmin((static / "js/net-errors.js").read_text()).strip()
    assert collected_text(root, "js/net-errors.js") == net_errors
    site = collected_text(root, "bundles/site.js")
    assert fresh_body in site and net_errors in site
    assert "staleCopy" not in site
    # Saved under its plain and its hashed name, said once.
    assert [str(w.message) for w in said].count(str(said[0].message)) == 1
    assert sum("js/net-errors.js " in str(w.message) for w in said) == 1


def test_the_collected_scripts_are_the_committed_copies_where_made_from_the_scripts_as_they_are(
    collected_static,
):
    known = copies()
    for name in scripts():
        source = (minified_scripts.STATIC / name).read_bytes()
        expected = known.get(digest(source))
        if expected is None:
            expected = jsmin(source.decode()).strip()
        assert collected_text(collected_static, name).strip() == expected, name


def test_terser_keeps_to_its_safe_transformations_and_top_level_names():
    options = minified_scripts.TERSER_OPTIONS
    assert not any("unsafe" in option or "toplevel" in option for option in options)
    assert options[options.index("--ecma") + 1] == "5"
