"""Print a page to a PDF with WebKitGTK's own print operation (the engine of every iPhone's Safari).

Run by Debian's system Python (/usr/bin/python3, with python3-gi and gir1.2-webkit2-4.1), not the
project's virtualenv: ``python3 webkit_print.py URL OUT.pdf`` under an X display (Xvfb).
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

url, out = sys.argv[1], sys.argv[2]
window = Gtk.OffscreenWindow()
view = WebKit2.WebView()
window.add(view)
window.show_all()
failed = []


def printed(_operation):
    Gtk.main_quit()


def print_failed(_operation, error):
    failed.append(str(error))


def loaded(_view, event):
    if event != WebKit2.LoadEvent.FINISHED:
        return
    settings = Gtk.PrintSettings()
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_URI, GLib.filename_to_uri(out, None))
    settings.set_printer("Print to File")
    setup = Gtk.PageSetup()
    setup.set_paper_size(Gtk.PaperSize.new(Gtk.PAPER_NAME_A4))
    operation = WebKit2.PrintOperation.new(view)
    operation.set_print_settings(settings)
    operation.set_page_setup(setup)
    operation.connect("finished", printed)
    operation.connect("failed", print_failed)
    operation.print_()


view.connect("load-changed", loaded)
view.load_uri(url)
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
if failed:
    sys.exit(f"printing failed: {failed}")
