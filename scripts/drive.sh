#!/usr/bin/env bash
# Installs what is missing, builds voiceguide, and drives the bundled route with spoken guidance.
# Extra arguments go to `voiceguide drive` (e.g. --locale de-DE, --output wav:drive.wav, --speedup 4).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product voiceguide >&2
exec .build/release/voiceguide drive "$@"
