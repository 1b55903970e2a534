#!/usr/bin/env bash
# Installs what is missing, builds voiceguide, and drives the bundled route with spoken guidance.
# Extra arguments go to `voiceguide drive` (e.g. --locale de-DE, --output wav:drive.wav, --speedup 4, or
# --voice piper:en_US-joe-medium for the neural voice, which this installs on first use). They are
# relative to the directory you run this from (not the checkout), so a WAV file lands where you are; WAV files
# are ignored by git in any case.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --build-only
# A neural voice (`--voice piper:NAME`): sherpa-onnx and the en_US-joe-medium voice, installed once into .build/.
previous=""
for argument in "$@"; do
  case "$previous $argument" in
    "--voice piper"*|"-voice piper"*|*" --voice=piper"*) "$root/scripts/piper-setup.sh"; break ;;
  esac
  previous="$argument"
done
"$root/scripts/swift-build.sh" -c release --product voiceguide
exec "$root/.build/release/voiceguide" drive "$@"
