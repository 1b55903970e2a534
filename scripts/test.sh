#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (XCTest and Swift Testing) in one `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test "$@"
