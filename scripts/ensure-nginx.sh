#!/usr/bin/env bash
# Installs Debian's nginx for the end-to-end leg behind a TLS-terminating proxy when it is missing
# (tests/e2e/support/tls-proxy.sh runs it with its own configuration; the system service is not used).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "nginx not found: installing Debian's nginx package..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
# The package may start its default site on port 80; the tests do not need it.
$SUDO service nginx stop >/dev/null 2>&1 || true
/usr/sbin/nginx -v
