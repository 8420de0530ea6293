#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (never a browser download),
# and poppler-utils, whose pdftoppm turns the printed decklist and proxy sheet into pictures.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && command -v pdftoppm >/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}; install your distribution's chromium package." >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium poppler-utils >/dev/null
