#!/usr/bin/env bash
# Installs what is missing, builds voiceguide, and drives the bundled route with spoken guidance.
# Extra arguments go to `voiceguide drive` (e.g. --locale de-DE, --output wav:drive.wav, --speedup 4). They are
# relative to the directory you run this from (not the checkout), so a WAV file lands where you are; WAV files
# are ignored by git in any case.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --build-only
"$root/scripts/swift-build.sh" -c release --product voiceguide
exec "$root/.build/release/voiceguide" drive "$@"
