#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests when it is missing (no browser download from elsewhere).
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chrome" ]; then exit 0; fi
echo "Chromium not found at $chrome: installing Debian's chromium package..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
"$chrome" --version
