#!/usr/bin/env bash
# System packages the tests need: Chromium (browser tests, PDFs), poppler-utils (pdfinfo)
# and gettext (xgettext and msgmerge: the test that the catalogue is current runs makemessages);
# for tests/engines: Firefox ESR (driven over WebDriver BiDi), WebKitGTK (its print operation through
# PyGObject of the system Python, and its WebDriver) and Xvfb for WebKit's windows.
# Installs them with apt when running as root (as CI does); otherwise says what to install.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
command -v xgettext >/dev/null 2>&1 && command -v msgmerge >/dev/null 2>&1 || missing+=(gettext)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
/usr/bin/python3 -c 'import gi; gi.require_version("WebKit2", "4.1")' >/dev/null 2>&1 || missing+=(python3-gi gir1.2-webkit2-4.1)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} with apt-get ..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "The tests need these system packages: ${missing[*]}" >&2
  echo "Install them, for example: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
