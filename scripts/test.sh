#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test in one `swift test`. The tests are all Swift Testing;
# --disable-xctest skips XCTest's empty harness (which would print "Executed 0 tests"). The build goes through
# scripts/swift-build.sh (the same compile commands from a terminal or a pipe), so the test run skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/swift-build.sh --build-tests
swift test --skip-build --disable-xctest "$@"
