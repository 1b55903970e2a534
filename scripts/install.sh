#!/usr/bin/env bash
# Builds voiceguide in release mode and installs it: the binary to PREFIX/bin and its data (Locales/,
# Phrasebooks/, Examples/Routes/) to PREFIX/share/voiceguide, where the binary finds them from any directory.
# Usage: scripts/install.sh [PREFIX]   (default /usr/local; needs write access to it)
# Needs only the build packages (scripts/setup.sh --build-only), not the test stack.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
scripts/setup.sh --build-only
scripts/swift-build.sh -c release --product voiceguide
install -d "$prefix/bin" "$prefix/share/voiceguide/Examples"
install -m 755 .build/release/voiceguide "$prefix/bin/voiceguide"
rm -rf "$prefix/share/voiceguide/Locales" "$prefix/share/voiceguide/Phrasebooks" "$prefix/share/voiceguide/Examples/Routes"
cp -R Locales Phrasebooks "$prefix/share/voiceguide/"
cp -R Examples/Routes "$prefix/share/voiceguide/Examples/"
echo "Installed $prefix/bin/voiceguide with data in $prefix/share/voiceguide." >&2
