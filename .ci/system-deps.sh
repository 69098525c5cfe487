#!/usr/bin/env bash
# System packages the tests need: Chromium (browser tests, PDFs), poppler-utils (pdfinfo)
# and gettext (xgettext and msgmerge: the test that the catalogue is current runs makemessages).
# Installs them with apt when running as root (as CI does); otherwise says what to install.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
command -v xgettext >/dev/null 2>&1 && command -v msgmerge >/dev/null 2>&1 || missing+=(gettext)
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
