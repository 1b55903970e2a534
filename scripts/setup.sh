#!/usr/bin/env bash
# Installs the system packages VoiceGuide needs, only when they are missing (Debian 12).
# Build: libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config.
# Tests also use the reference tools: espeak-ng (CLI), sox, alsa-utils, and util-linux's `script` for pseudo-terminals.
# python3-venv makes the .build/venv for the Python test dependencies below.
set -euo pipefail
need=()
for pkg in libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config espeak-ng sox alsa-utils bsdutils gpsd python3-venv; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Python test dependencies, in a virtual environment under .build/ (never the system Python):
# jsonschema validates the JSON formats against the schemas in docs/.
pip_packages=(jsonschema)
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
missing=()
for p in "${pip_packages[@]}"; do
  "$venv/bin/python" -m pip show -q "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${missing[*]} into .build/venv" >&2
  "$venv/bin/python" -m pip install -q "${missing[@]}"
fi
