#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test in one `swift test`. The tests are all Swift Testing;
# --disable-xctest skips XCTest's empty harness (which would print "Executed 0 tests").
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --disable-xctest "$@"
