#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests when it is missing (no browser download from
# elsewhere): the headless shell (`chromium-headless-shell`, what most e2e tests run) and the full
# browser (`chromium`: the leg behind the TLS proxy, the interaction bench and Lighthouse).
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
shell="${CHROME_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$chrome" ] || missing+=(chromium)
[ -x "$shell" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} (not found at $chrome / $shell)..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
"$chrome" --version
"$shell" --version
