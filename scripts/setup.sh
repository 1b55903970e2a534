#!/usr/bin/env bash
# Installs the system packages VoiceGuide needs, only when they are missing (Debian 12).
# Build: libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config.
# Tests also use the reference tools: espeak-ng (CLI), sox, alsa-utils, and util-linux's `script` for pseudo-terminals.
set -euo pipefail
need=()
for pkg in libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config espeak-ng sox alsa-utils bsdutils gpsd; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
