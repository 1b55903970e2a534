#!/usr/bin/env bash
# `swift build ARGS` for the scripts, the same way from a terminal and from a pipe:
# - SwiftPM adds -color-diagnostics to every compile when its output is a terminal, so a build from a terminal
#   after one into a file (or the reverse) recompiles every module. Its output always goes through a pipe here,
#   so the compile commands never depend on where the script runs.
# - When another build of this checkout holds .build's lock (a test run, an editor), say so before waiting.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lock="$root/.build/.lock"
if [ -f "$lock" ]; then
  holder="$(tr -dc '0-9' < "$lock" 2>/dev/null || true)"
  if [ -n "$holder" ] && [ "$holder" != "$$" ] && kill -0 "$holder" 2>/dev/null; then
    echo "voiceguide: waiting for another build of this checkout to finish ($(ps -o comm= -p "$holder" 2>/dev/null || echo swift), pid $holder)…" >&2
  fi
fi
swift build --package-path "$root" "$@" 2>&1 | cat >&2
